// Which payout gateway a server has (docs/decisions/0035-agent-commissions.md, 0036-wechat-payout.md).
// PAYOUT_GATEWAY=wechatpay: WeChat Pay's merchant transfer, with the merchant's keys read here once
// (a missing or unreadable key stops the start naming its variable, as the payment adapters do).
// Otherwise the simulator, which moves no money, so it is there only where the payment sandbox is
// (a developer's machine, a test, a staging deployment that allows the payments simulator): a
// server taking real payments without a real payout adapter refuses 接口打款, and finance pays by
// hand and records the reference.
import { mountedSimulators } from '../simulators';
import type { PayoutSettings } from './settings';
import { fetchTransport, type HttpTransport } from '../http/transport';
import { loadProviderKeys } from '../providers';
import { clock } from '../../lib/clock';
import type { PayoutGateway } from './gateway';
import { PayoutSimulator } from './simulator';
import { WechatTransferGateway } from './wechat/gateway';

export function payoutGatewayFor(
  config: PayoutSettings & Parameters<typeof mountedSimulators>[0],
  deps: { transport?: HttpTransport } = {},
): PayoutGateway | null {
  const w = config.wechatPayout;
  if (config.payoutGateway === 'wechatpay' && w) {
    // the same merchant keys as the payment adapter, read by its loader (loadProviderKeys): only
    // the WeChat Pay part of it applies here
    const keys = loadProviderKeys({
      ...config,
      wechatPay: { ...w, apiV3Key: '', oaSecret: null },
      alipay: null,
    }).wechat!;
    return new WechatTransferGateway({
      mchid: w.mchid,
      appid: w.appid,
      serialNo: w.certSerialNo,
      privateKey: keys.privateKey,
      platform: keys.platform,
      sceneId: w.sceneId,
      transport: deps.transport ?? fetchTransport(),
      now: () => clock.now().getTime(),
    });
  }
  return mountedSimulators(config).includes('payments') ? new PayoutSimulator() : null;
}

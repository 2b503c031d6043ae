import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import { payoutGatewayFor } from './choose';
import { PayoutSimulator } from './simulator';

describe('payoutGatewayFor', () => {
  it('simulates payouts only beside the payment sandbox', () => {
    expect(payoutGatewayFor(loadConfig({ NODE_ENV: 'test' }))).toBeInstanceOf(PayoutSimulator);
    const real = { ...loadConfig({ NODE_ENV: 'test' }), payGateways: { wechat: 'wechatpay', alipay: 'alipay' } as const };
    expect(payoutGatewayFor(real)).toBeNull();
  });
});

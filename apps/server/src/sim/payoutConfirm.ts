// The payout simulator's stand-in for WeChat's own confirmation screen (docs/decisions/0039-payee-confirms-transfer.md):
// what WeChat does when the payee taps 确认收款 on the page requestMerchantTransfer opened. A
// browser journey's fake WeixinJSBridge posts here; a developer can too. Only where the payout
// simulator runs (beside the payment sandbox: never with real payments).
//   POST /sim/payouts/confirm {"package": "…", "openid": "…"} → {"err_msg": "requestMerchantTransfer:ok" | "requestMerchantTransfer:fail …"}
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { PayoutSimulator } from '../integrations/payout/simulator';

export async function registerPayoutConfirm(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const simulator = ctx.payouts;
  if (!(simulator instanceof PayoutSimulator)) return;
  app.post<{ Body: { package?: unknown; openid?: unknown } }>('/sim/payouts/confirm', { schema: { hide: true } }, async (req) => {
    const pkg = typeof req.body?.package === 'string' ? req.body.package : '';
    const openid = typeof req.body?.openid === 'string' ? req.body.openid : '';
    const r = simulator.confirmByPayee(pkg, openid);
    return { err_msg: r === 'ok' ? 'requestMerchantTransfer:ok' : `requestMerchantTransfer:fail ${r}` };
  });
}

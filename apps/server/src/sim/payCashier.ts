// The payment sandbox's hosted cashier (/sim/pay/cashier/:paymentId): the page a real gateway
// would host on its own domain. Pay, fail or abandon; after pay/fail the sandbox sends its signed
// notification (asynchronously, maybe twice, maybe never) and the browser goes back to the
// portal, which never takes that return as proof of payment.
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { sandboxIn } from '../integrations/payment/router';
import { esc, htmlPage, safeReturn } from './html';

const CHANNEL_NAME: Record<number, string> = { 1: '微信支付（沙箱）', 2: '支付宝（沙箱）', 4: '花呗分期（沙箱）' };

const yuan = (fen: number) => (fen / 100).toFixed(2);

const CSS = `
body{margin:0;font-family:-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f5f6f8;color:#222}
header{background:#127EFF;color:#fff;padding:14px 16px;font-size:17px}
.card{background:#fff;margin:12px;border-radius:10px;padding:18px 16px}
.amount{font-size:34px;font-weight:600;text-align:center;margin:8px 0 4px}
.muted{color:#888;font-size:13px;text-align:center}
.row{display:flex;justify-content:space-between;padding:8px 0;border-bottom:1px solid #f0f0f0;font-size:14px}
button,a.btn{display:block;box-sizing:border-box;width:100%;height:46px;border:0;border-radius:23px;font-size:16px;margin-top:12px}
a.btn{line-height:44px;text-align:center;text-decoration:none}
.pay{background:#127EFF;color:#fff}.fail{background:#fff;color:#e34d59;border:1px solid #e34d59}
.abandon{background:#fff;color:#666;border:1px solid #ccc}
label{display:flex;align-items:center;gap:6px;font-size:13px;color:#888;margin-top:14px}`;

const page = (title: string, body: string) => htmlPage(title, CSS, body);

export async function registerPayCashier(app: FastifyInstance, ctx: AppContext): Promise<void> {
  // the sandbox, alone or playing the channels no real gateway takes; real gateways host their own cashier
  const gateway = sandboxIn(ctx.payments);
  if (!gateway) return;

  // own scope: the form parser does not leak into other simulators' pages
  await app.register(async (cashier) => {
    cashier.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_req, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)));
    });

    cashier.get<{ Params: { paymentId: string } }>('/sim/pay/cashier/:paymentId', { schema: { hide: true } }, async (req, reply) => {
      const p = await gateway.payment(req.params.paymentId);
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
      if (!p)
        return reply
          .status(404)
          .send(page('收银台', '<header>沙箱收银台</header><div class="card"><p class="muted">支付单不存在</p></div>'));
      const back = safeReturn(p.return_url);
      if (p.state !== 'created') {
        const LABEL: Record<string, string> = { paid: '该支付单已支付', failed: '该支付单已失败', refunded: '该支付单已退款' };
        const label = LABEL[p.state] ?? '该支付单已关闭';
        return page(
          '收银台',
          `<header>沙箱收银台</header><div class="card"><p class="amount">¥${yuan(p.amount_fen)}</p><p class="muted">${label}</p>
<a class="btn abandon" href="${esc(back)}">返回商户</a></div>`,
        );
      }
      const action = `/sim/pay/cashier/${encodeURIComponent(p.payment_id)}`;
      return page(
        '收银台',
        `<header>${esc(CHANNEL_NAME[p.channel] ?? '沙箱收银台')}</header>
<div class="card"><p class="muted">${esc(p.merchant)}</p><p class="amount">¥${yuan(p.amount_fen)}</p>
<div class="row"><span>商品</span><span>${esc(p.subject)}</span></div>
<div class="row"><span>订单号</span><span>${esc(p.order_no)}</span></div>
<form method="post" action="${esc(action)}">
<button class="pay" name="action" value="pay">确认支付</button>
<button class="fail" name="action" value="fail">模拟支付失败</button>
<button class="abandon" name="action" value="abandon">放弃支付</button>
<label><input type="checkbox" name="drop_notify" value="1">模拟异步通知丢失（由对账查询补单）</label>
</form></div>`,
      );
    });

    cashier.post<{ Params: { paymentId: string }; Body: Record<string, string> }>(
      '/sim/pay/cashier/:paymentId',
      { schema: { hide: true } },
      async (req, reply) => {
        const p = await gateway.payment(req.params.paymentId);
        if (!p)
          return reply
            .status(404)
            .type('text/html; charset=utf-8')
            .send(page('收银台', '<div class="card"><p class="muted">支付单不存在</p></div>'));
        const action = req.body?.action;
        if (action === 'pay' || action === 'fail') await gateway.finish(p.payment_id, action, { drop: req.body?.drop_notify === '1' });
        // abandon: back without paying; the order stays pending until it is closed or expires
        return reply.redirect(safeReturn(p.return_url), 303);
      },
    );
  });
}

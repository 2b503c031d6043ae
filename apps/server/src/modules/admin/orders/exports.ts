// The money lists' CSV exports (docs/decisions/0018): late payments, and one card's balance
// ledger walked newest first like its page; both in the operator's agent scope.
import type { FastifyInstance } from 'fastify';
import { LEDGER_KIND_LABEL, ORDER_STATE_LABEL } from '@portal/contract';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { agentFilter, assertInScope } from '../access/scope';
import { label, listExport, send, walk, yesNo, yuan } from '../exports/csvExport';
import * as orders from './repo';

export function moneyExports(api: FastifyInstance, ctx: AppContext): void {
  const db = ctx.db.kysely;

  listExport({
    name: 'adminExportLatePayments',
    action: 'late_payments.export',
    file: ['late-payments.csv', '异常到账.csv'],
    read: async (_q, op) => ({ rows: await orders.latePayments(db, agentFilter(op)) }),
    columns: [
      ['支付记录', (p) => p.id],
      ['订单号', (p) => p.order_no],
      ['订单状态', (p) => label(ORDER_STATE_LABEL, p.order_state)],
      ['商品', (p) => p.title],
      ['卡号', (p) => p.custom_num],
      ['支付方式', (p) => PAY_CHANNEL_NAME[p.channel as keyof typeof PAY_CHANNEL_NAME] ?? p.channel],
      ['金额(元)', (p) => yuan(p.amount_fen)],
      ['到账时间', (p) => p.created_at],
      ['退回中', (p) => yesNo(p.refund_state === 'pending')],
    ],
  })(api, ctx);

  serve(api, 'adminExportLedger', async (req, reply, op) => {
    const card = await orders.cardByNumber(db, req.query.card);
    assertInScope(op, card?.agent_id);
    const c = card!;
    const { rows, truncated } = await walk(
      (before, limit) => orders.ledgerPage(db, c.id, before, limit),
      (r) => r.id,
    );
    return send(ctx, reply, op, {
      action: 'ledger.export',
      file: [`ledger-${c.custom_num}.csv`, `余额明细-${c.custom_num}.csv`],
      filter: { card: c.custom_num },
      truncated,
      header: ['明细编号', '卡号', '类型', '金额(元)', '变动后余额(元)', '订单号', '说明', '时间'],
      rows: rows.map((r) => [
        r.id,
        c.custom_num,
        label(LEDGER_KIND_LABEL, r.kind),
        yuan(r.amount_fen),
        yuan(r.balance_after_fen),
        r.order_no,
        r.note,
        r.created_at,
      ]),
    });
  });
}

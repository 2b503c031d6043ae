// Orders and money in the console (docs/decisions/0018): search, detail, whole and partial refunds
// (docs/decisions/0045; above the refund limit held for another person, 0059), late payments, a
// card's ledger; manual adjustments are ../balance's (they may wait for a second approver,
// docs/decisions/0048). Writes go through the portal's own services — refundOrder (the one
// `npm run refund` uses) and refundPart — each with its audit row written inside the service's
// transaction. An agent administrator sees only their agent's cards' rows; a row of another agent
// fetched by number answers "not found".
import type { FastifyInstance } from 'fastify';
import { GOODS_TYPE_LABEL, ORDER_STATE_LABEL, type GoodsType, type OrderState } from '@portal/contract';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import type { AdminQueryOf } from '@portal/contract/admin';
import { refundRefusal } from '@portal/domain';
import type { AppContext } from '../../../context';
import { refundOrder, refundPart } from '../../commerce';
import type { OperatorRole } from '@portal/contract/admin';
import { serve } from '../../../lib/endpoint';
import { contactFor } from '../access/contact';
import { agentFilter, assertInScope } from '../access/scope';
import { attachment, recordAudit, toCsv } from '../audit';
import { holdPartialRefund, holdWholeRefund } from '../refunds/held';
import { moneyExports } from './exports';
import * as repo from './repo';

const EXPORT_LIMIT = 10_000;

const yuan = (fen: number) => (fen / 100).toFixed(2);

function filterOf(q: AdminQueryOf<'adminOrderList'>): repo.OrderFilter {
  return {
    orderNo: q.order_no || undefined,
    card: q.card || undefined,
    mobile: q.mobile || undefined,
    state: q.state,
    goodsType: q.goods_type,
    channel: q.channel,
    from: q.from ? new Date(q.from).toISOString() : undefined,
    to: q.to ? new Date(q.to).toISOString() : undefined,
    beforeId: q.before_id,
  };
}

type OrderRow = Awaited<ReturnType<typeof repo.searchOrders>>[number];
/** An order for this operator: the buyer's mobile masked unless their role sees it whole (access/contact.ts). */
function rowOf(r: OrderRow, role: OperatorRole) {
  return {
    id: r.id,
    order_no: r.order_no,
    custom_num: r.custom_num,
    agent_id: r.agent_id,
    user_mobile: contactFor(role, r.user_mobile ?? null),
    goods_type: r.goods_type,
    title: r.title,
    total_fen: r.total_fen,
    discount_fen: r.discount_fen,
    payable_fen: r.payable_fen,
    pay_channel: r.pay_channel,
    state: r.state,
    created_at: r.created_at,
    paid_at: r.paid_at,
    closed_at: r.closed_at,
  };
}

export async function orderRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const db = ctx.db.kysely;

  serve(api, 'adminOrderList', async (req, _reply, op) => {
    const q = req.query;
    const rows = await repo.searchOrders(db, agentFilter(op), filterOf(q), q.limit + 1);
    const items = rows.slice(0, q.limit).map((r) => rowOf(r, op.role));
    return { items, next_before_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
  });

  serve(api, 'adminOrderExport', async (req, reply, op) => {
    const rows = await repo.searchOrders(db, agentFilter(op), filterOf(req.query), EXPORT_LIMIT);
    await recordAudit(db, op, {
      action: 'orders.export',
      target: { type: 'order', id: '' },
      after: { filter: req.query, rows: rows.length },
    });
    const csv = toCsv(
      [
        '订单号',
        '卡号',
        '用户手机号',
        '商品类型',
        '商品',
        '订单金额(元)',
        '优惠(元)',
        '实付(元)',
        '支付方式',
        '状态',
        '下单时间',
        '支付时间',
      ],
      rows.map((r) => [
        r.order_no,
        r.custom_num,
        contactFor(op.role, r.user_mobile ?? '') ?? '',
        GOODS_TYPE_LABEL[r.goods_type as GoodsType] ?? r.goods_type,
        r.title,
        yuan(r.total_fen),
        yuan(r.discount_fen),
        yuan(r.payable_fen),
        PAY_CHANNEL_NAME[r.pay_channel as keyof typeof PAY_CHANNEL_NAME] ?? String(r.pay_channel),
        ORDER_STATE_LABEL[r.state as OrderState] ?? r.state,
        r.created_at,
        r.paid_at ?? '',
      ]),
    );
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', attachment('orders.csv', '订单.csv'))
      .header('cache-control', 'no-store')
      .send(csv);
  });

  // the buyer's mobile whole, for one order, with a reason (audited): what a masked list leaves out
  serve(api, 'adminOrderMobileReveal', async (req, _reply, op) => {
    const order = await repo.orderForAdmin(db, req.body.order_no);
    assertInScope(op, order?.agent_id);
    await recordAudit(db, op, {
      action: 'orders.mobile_reveal',
      target: { type: 'order', id: order!.order_no },
      reason: req.body.reason,
    });
    return { order_no: order!.order_no, mobile: order!.user_mobile ?? '' };
  });

  serve(api, 'adminOrderDetail', async (req, _reply, op) => {
    const order = await repo.orderForAdmin(db, req.query.order_no);
    assertInScope(op, order?.agent_id);
    const o = order!;
    const [payments, notifications, refunds] = await Promise.all([
      repo.paymentsOf(db, o.order_no),
      repo.notificationsOf(db, o.order_no),
      repo.refundsOf(db, o.order_no),
    ]);
    return {
      order: { ...rowOf(o, op.role), fulfilled_at: o.fulfilled_at, expires_at: o.expires_at, voucher_id: o.voucher_id },
      payments: payments.map((p) => ({
        id: p.id,
        channel: p.channel,
        transaction_id: p.transaction_id,
        amount_fen: p.amount_fen,
        source: p.source,
        late: p.late === 1,
        created_at: p.created_at,
      })),
      notifications: notifications.map((n) => ({
        id: n.id,
        channel: n.channel,
        transaction_id: n.transaction_id,
        amount_fen: n.amount_fen,
        outcome: n.outcome,
        created_at: n.created_at,
      })),
      refunds: refunds.map((r) => ({
        refund_no: r.refund_no,
        kind: r.kind,
        amount_fen: r.amount_fen,
        reason: r.reason,
        state: r.state,
        created_at: r.created_at,
        done_at: r.done_at,
        operator_username: r.operator_username,
      })),
      refundable: refundRefusal(o.state) === null,
      refunded_fen: o.refunded_fen,
      refundable_left_fen: refundRefusal(o.state) === null ? Math.max(0, o.payable_fen - o.refunded_fen) : 0,
    };
  });

  serve(api, 'adminOrderRefund', async (req, _reply, op) => {
    const { order_no, reason } = req.body;
    const order = await repo.orderForAdmin(db, order_no);
    assertInScope(op, order?.agent_id);
    // above the refund limit it waits for another person (docs/decisions/0059)
    const held = await holdWholeRefund(ctx, op, order!, req.body);
    if (held) return held;
    // The portal's one refund path. It refunds an order once: a second submit (a double click, a
    // second operator) finds it refunded and answers 'already'; only the call that refunds
    // writes the audit row, inside the refund's own transaction.
    const report = await refundOrder(
      ctx,
      order_no,
      reason,
      async (trx, done) => {
        await recordAudit(trx, op, {
          action: 'order.refund',
          target: { type: 'order', id: order_no },
          reason,
          before: { state: done.stateBefore, payable_fen: order!.payable_fen },
          after: { state: 'refunded', refund_no: done.refundNo, amount_fen: done.amountFen, effects: done.effects },
        });
      },
      op.username,
    );
    return {
      order_no: report.order_no,
      outcome: report.outcome,
      refund_no: report.refund_no,
      amount_fen: report.amount_fen,
      effects: report.effects,
    };
  });

  // Part of an order's money back, the goods kept (docs/decisions/0045): the refund service's
  // refundPart, once per request_id; its audit row is written in the refund's own transaction.
  serve(api, 'adminOrderPartialRefund', async (req, _reply, op) => {
    const b = req.body;
    const order = await repo.orderForAdmin(db, b.order_no);
    assertInScope(op, order?.agent_id);
    const held = await holdPartialRefund(ctx, op, order!, b);
    if (held) return held;
    const r = await refundPart(
      ctx,
      { orderNo: b.order_no, amountFen: b.amount_fen, reason: b.reason, requestId: b.request_id, operatorUsername: op.username },
      async (trx, done) => {
        await recordAudit(trx, op, {
          action: 'order.partial_refund',
          target: { type: 'order', id: b.order_no },
          reason: b.reason,
          before: { refunded_fen: order!.refunded_fen },
          after: { refund_no: done.refundNo, amount_fen: done.amountFen, left_fen: done.leftFen, request_id: b.request_id },
        });
      },
    );
    return r;
  });

  serve(api, 'adminLatePayments', async (_req, _reply, op) => {
    const rows = await repo.latePayments(db, agentFilter(op));
    return {
      items: rows.map((p) => ({
        payment_id: p.id,
        order_no: p.order_no,
        order_state: p.order_state,
        title: p.title,
        custom_num: p.custom_num,
        channel: p.channel,
        amount_fen: p.amount_fen,
        received_at: p.created_at,
        refund_pending: p.refund_state === 'pending',
      })),
    };
  });

  serve(api, 'adminCardLedger', async (req, _reply, op) => {
    const q = req.query;
    const card = await repo.cardByNumber(db, q.card);
    assertInScope(op, card?.agent_id);
    const c = card!;
    const [rows, sum] = await Promise.all([repo.ledgerPage(db, c.id, q.before_id, q.limit + 1), repo.ledgerSum(db, c.id)]);
    const items = rows.slice(0, q.limit).map((r) => ({
      id: r.id,
      amount_fen: r.amount_fen,
      kind: r.kind as 'recharge' | 'bonus' | 'purchase' | 'refund' | 'adjust',
      order_no: r.order_no,
      note: r.note,
      balance_after_fen: r.balance_after_fen,
      created_at: r.created_at,
    }));
    return {
      card: { id: c.id, custom_num: c.custom_num, iccid: c.iccid, agent_id: c.agent_id, balance_fen: c.balance_fen },
      ledger_sum_fen: sum,
      items,
      next_before_id: rows.length > q.limit ? items[items.length - 1]!.id : null,
    };
  });
  moneyExports(api, ctx);
}

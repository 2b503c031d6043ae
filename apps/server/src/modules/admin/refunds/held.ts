// Refunds above the platform's refund limit wait for another person
// (docs/decisions/0059-refunds-and-second-factors-held.md). A console refund — of a whole order, of
// part of one, or a holder's request approved in 售后 — is looked at first with the refund service's
// own checks (a bad reason, an order not paid, an amount past what is left are refused as before;
// an order refunded already is left to the refund, which answers that refund). Above `refund_fen`
// it is kept as an approval request instead of run; 通过 runs the refund's own transaction
// (../approving/refund.ts). Below it, the caller refunds at once as before.
import type { AdminBodyOf, ApprovalKind } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';
import { fenToYuan, refundRoute, type RefundRoute } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../lib/errors';
import { afterSales, partialRefundPlan, wholeRefundPlan } from '../../commerce';
import type { AdminActor } from '../access/actor';
import { assertInScope } from '../access/scope';
import { heldAbove, pendingOfKinds, type Pending } from '../approvals/service';

/** The held refunds, and what their bodies keep: the order is named in each. */
export const REFUND_KINDS = ['order_refund', 'order_partial_refund', 'refund_request'] as const satisfies readonly ApprovalKind[];
export type RefundKind = (typeof REFUND_KINDS)[number];
export const isRefundKind = (k: ApprovalKind): k is RefundKind => (REFUND_KINDS as readonly ApprovalKind[]).includes(k);

export type WholePayload = AdminBodyOf<'adminOrderRefund'>;
export type PartialPayload = AdminBodyOf<'adminOrderPartialRefund'>;
/** the holder's request by its id, the operator's reason, and its order (to find what waits for it) */
export type RequestPayload = { id: number; reason: string; order_no: string };

const money = (fen: number) => `¥${fenToYuan(fen).toFixed(2)}`;
const channel = (c: number) => PAY_CHANNEL_NAME[c as keyof typeof PAY_CHANNEL_NAME] ?? `渠道${c}`;

/**
 * One refund of an order waits at a time: a second one, held or not, while the first waits could
 * together give back what the approver did not see. Refused with the request to look at.
 */
async function noRefundWaiting(db: Executor, orderNo: string): Promise<void> {
  const waiting = (await pendingOfKinds(db, REFUND_KINDS)).find(
    (r) => (JSON.parse(r.payload) as { order_no?: string }).order_no === orderNo,
  );
  if (waiting)
    throw new AppError(
      Code.BAD_REQUEST,
      `该订单已有一笔退款等待审批（审批编号 ${waiting.id}，${waiting.requested_by} 提交），请待其处理或撤回后再退款`,
    );
}

interface Order {
  order_no: string;
  title: string;
  custom_num: string;
  agent_id: number;
  pay_channel: number;
}

const WAY: Record<RefundRoute, (o: Order) => string> = {
  balance: () => '（退回余额）',
  gateway: (o) => `（原路退回${channel(o.pay_channel)}）`,
  none: () => '',
};

/** The request in words: the order, its goods and card, how much goes back and where. */
function summaryOf(o: Order, route: RefundRoute, what: string, fen: number): string {
  return `订单 ${o.order_no}（${o.title}，卡号 ${o.custom_num}）：${what} ${money(fen)}${WAY[route](o)}`;
}

/** 退款 of a whole order: null → refund now; else the request kept for another person. */
export async function holdWholeRefund(ctx: AppContext, op: AdminActor, o: Order, b: WholePayload): Promise<Pending | null> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const plan = await wholeRefundPlan(trx, b.order_no, b.reason);
    if (plan.already) return null;
    await noRefundWaiting(trx, b.order_no);
    return heldAbove(trx, op, {
      kind: 'order_refund',
      agentId: o.agent_id,
      payload: b,
      summary: summaryOf(o, refundRoute(plan.order), '全额退款', plan.amountFen),
      reason: b.reason,
      write: { kind: 'refund', amount_fen: plan.amountFen },
    });
  });
}

/** 部分退款: null → refund now (or answer the refund this request made); else the request kept. */
export async function holdPartialRefund(ctx: AppContext, op: AdminActor, o: Order, b: PartialPayload): Promise<Pending | null> {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const plan = await partialRefundPlan(trx, { orderNo: b.order_no, amountFen: b.amount_fen, reason: b.reason, requestId: b.request_id });
    if (plan.earlier) return null;
    await noRefundWaiting(trx, b.order_no);
    return heldAbove(trx, op, {
      kind: 'order_partial_refund',
      agentId: o.agent_id,
      payload: b,
      summary: summaryOf(o, refundRoute(plan.order), '部分退款', b.amount_fen),
      reason: b.reason,
      write: { kind: 'refund', amount_fen: b.amount_fen },
    });
  });
}

/**
 * 同意 a holder's refund request: null → decide it now; else the request kept for another person,
 * the holder's request still open (the holder sees it being handled, never 已退款, until it runs).
 */
export async function holdRequestRefund(ctx: AppContext, op: AdminActor, id: number, reason: string): Promise<Pending | null> {
  const found = await afterSales.requestRow(ctx.db.kysely, 'refund_requests', id);
  assertInScope(op, found?.agent_id);
  const row = found!;
  if (row.status !== 'open') return null; // the decision itself answers 已处理
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const plan = await wholeRefundPlan(trx, row.order_no, reason);
    if (plan.already) return null;
    await noRefundWaiting(trx, row.order_no);
    const payload: RequestPayload = { id, reason, order_no: row.order_no };
    return heldAbove(trx, op, {
      kind: 'refund_request',
      agentId: row.agent_id,
      payload,
      summary: `${summaryOf({ ...row, title: row.order_title }, refundRoute(plan.order), '同意用户退款申请，全额退款', plan.amountFen)}；用户申请理由：${row.reason}`,
      reason,
      write: { kind: 'refund', amount_fen: plan.amountFen },
    });
  });
}

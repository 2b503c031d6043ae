// 通过 of a refund held above the refund limit (docs/decisions/0059-refunds-and-second-factors-held.md).
// A refund is not a write that fits in 通过's one transaction: it has its own, and calls the payment
// gateway after that transaction commits (commerce/refunds/service.ts: the database first, the
// gateway after). So here the decision goes inside the refund's transaction instead — the refund
// service calls its `record` there, and the request turns from pending to approved (a conditional
// update) in the same commit as the money moves:
// - exactly once: of two approvals at once, the second finds the order refunded (or the request's
//   refund made) and rolls back, and is told who approved it first; an approval retried after it
//   ran finds the request decided and moves nothing;
// - an order refunded meanwhile by another path, or anything the refund refuses now (a balance spent,
//   goods in use), rolls the decision back with the refund: the request stays pending, and the
//   approver reads why (and may reject it);
// - a gateway that fails after the commit leaves the refund recorded and owed (the reconciler retries
//   it under the same refund number): the approval stands, and its outcome says so.
// The write's own audit row (order.refund, order.partial_refund, refund_request.approved) is the
// approver's, naming the requester and the request, as every held write's.
import { ADMIN_ENDPOINTS, type AdminBodyOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { fenToYuan } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { AppError } from '../../../lib/errors';
import { afterSales, refundOrder, refundPart } from '../../commerce';
import type { AdminActor } from '../access/actor';
import * as repo from '../approvals/repo';
import {
  approvalsOut,
  approvedNote,
  claimDecision,
  decidable,
  recordApproved,
  type ApprovalOut,
  type ApprovedBy,
} from '../approvals/service';
import { recordAudit } from '../audit';
import type { RefundKind, RequestPayload, WholePayload } from '../refunds/held';

const money = (fen: number) => `¥${fenToYuan(fen).toFixed(2)}`;
const NOT_DONE_AT_GATEWAY = '；支付渠道暂未完成退款，系统将自动重试';

export async function approveRefund(
  ctx: AppContext,
  op: AdminActor,
  r: repo.ApprovalRecord & { kind: RefundKind },
  b: AdminBodyOf<'adminApprovalApprove'>,
): Promise<ApprovalOut> {
  const db = ctx.db.kysely;
  // who may decide, before anything runs; again inside the refund's transaction
  await decidable(db, op, r.id);
  const by: ApprovedBy = { approvalId: r.id, requestedById: r.requested_by_id, requestedBy: r.requested_by };
  /** Inside the refund's transaction: the decision, once, with its outcome and audit row. */
  const decide = async (trx: Executor, outcome: string) => {
    await claimDecision(trx, op, await decidable(trx, op, r.id), 'approved', b.reason);
    await recordApproved(trx, op, r, b.reason, outcome);
  };
  try {
    await carryOut(ctx, op, r, by, decide);
  } catch (err) {
    if (err instanceof AppError && err.code === Code.REFUND_GATEWAY_FAILED) {
      // committed: the refund is recorded and owed, the approval stands
      const row = (await repo.approvalById(db, r.id))!;
      await repo.setOutcome(db, r.id, `${row.outcome}${NOT_DONE_AT_GATEWAY}`);
    } else {
      // decided meanwhile (a second approval at once): say by whom, not what the refund found
      await decidable(db, op, r.id);
      throw err;
    }
  }
  return (await approvalsOut(db, op, [(await repo.approvalById(db, r.id))!]))[0]!;
}

type Decide = (trx: Executor, outcome: string) => Promise<void>;

async function carryOut(ctx: AppContext, op: AdminActor, r: repo.ApprovalRecord & { kind: RefundKind }, by: ApprovedBy, decide: Decide) {
  const payload: unknown = JSON.parse(r.payload);
  const refuseEarlier = { refuseEarlier: true };
  switch (r.kind) {
    case 'order_refund': {
      const p = ADMIN_ENDPOINTS.adminOrderRefund.body.parse(payload) satisfies WholePayload;
      await refundOrder(
        ctx,
        p.order_no,
        p.reason,
        async (trx, done) => {
          await recordAudit(trx, op, {
            action: 'order.refund',
            target: { type: 'order', id: p.order_no },
            reason: p.reason,
            before: { state: done.stateBefore },
            after: {
              state: 'refunded',
              refund_no: done.refundNo,
              amount_fen: done.amountFen,
              effects: done.effects,
              ...approvedNote(by, op),
            },
          });
          await decide(trx, `已退款 ${money(done.amountFen)}（退款单号 ${done.refundNo}）`);
        },
        r.requested_by,
        refuseEarlier,
      );
      return;
    }
    case 'order_partial_refund': {
      const p = ADMIN_ENDPOINTS.adminOrderPartialRefund.body.parse(payload);
      const report = await refundPart(
        ctx,
        { orderNo: p.order_no, amountFen: p.amount_fen, reason: p.reason, requestId: p.request_id, operatorUsername: r.requested_by },
        async (trx, done) => {
          await recordAudit(trx, op, {
            action: 'order.partial_refund',
            target: { type: 'order', id: p.order_no },
            reason: p.reason,
            after: {
              refund_no: done.refundNo,
              amount_fen: done.amountFen,
              left_fen: done.leftFen,
              request_id: p.request_id,
              ...approvedNote(by, op),
            },
          });
          await decide(trx, `已部分退款 ${money(done.amountFen)}（退款单号 ${done.refundNo}），订单剩余可退 ${money(done.leftFen)}`);
        },
        refuseEarlier,
      );
      // refundPart keeps a gateway's failure to itself (recorded, owed, retried): say so as the whole refund does
      if (report.state === 'pending') throw new AppError(Code.REFUND_GATEWAY_FAILED);
      return;
    }
    case 'refund_request': {
      const p = payload as RequestPayload;
      await afterSales.approveRefundRequest(
        ctx,
        p.id,
        p.reason,
        r.requested_by,
        async (trx, done) => {
          await recordAudit(trx, op, {
            action: 'refund_request.approved',
            target: { type: 'refund_request', id: String(p.id) },
            reason: p.reason,
            before: { status: done.before, order_no: p.order_no },
            after: { ...done.after, ...approvedNote(by, op) },
          });
          const fen = Number(done.after.amount_fen ?? 0);
          await decide(trx, `已同意退款申请并退款 ${money(fen)}（退款单号 ${String(done.after.refund_no)}）`);
        },
        refuseEarlier,
      );
      return;
    }
  }
}

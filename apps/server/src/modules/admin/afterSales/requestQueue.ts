// The one shape of the console's after-sales queues (docs/decisions/0045-partial-refunds-and-requests.md):
// a page of one kind's requests in the operator's agent scope, oldest first; and a decision on one
// request — found in scope (else 记录不存在, as for any row of another agent), decided by the commerce
// module's service with its audit row in the decision's own transaction, answered as the row reads
// afterwards. A kind brings only what differs: its table, its row's answer and its audit target.
import type { AuditAction } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import { afterSales } from '../../commerce';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';

export interface RequestKind<T extends afterSales.RequestTable, A extends { id: number }> {
  /** the kind's table */
  table: T;
  /** the audit rows' target type */
  target: 'refund_request' | 'invoice_request';
  /** the row as the console reads it */
  answerOf(row: afterSales.RequestWithOrder<T>): A;
}

/** A decision's words in the audit log: what was done, and the operator's reason when it needs one. */
interface DecisionAudit {
  action: AuditAction;
  reason?: string;
}

/** Runs the commerce service's decision on the request `id`, which calls `record` in its transaction. */
type Decision = (id: number, record: afterSales.DecisionRecorder) => Promise<unknown>;

export function requestQueue<T extends afterSales.RequestTable, A extends { id: number }>(ctx: AppContext, kind: RequestKind<T, A>) {
  const db = ctx.db.kysely;
  return {
    async page(op: AdminActor, q: { status?: string; after_id?: number; limit: number }) {
      // one more than asked: whether a next page exists, without a count
      const rows = await afterSales.requestQueue(db, kind.table, agentFilter(op), { status: q.status, afterId: q.after_id }, q.limit + 1);
      const items = rows.slice(0, q.limit).map(kind.answerOf);
      return { items, next_after_id: rows.length > q.limit ? items[items.length - 1]!.id : null };
    },

    async decide(op: AdminActor, id: number, audit: DecisionAudit, decision: Decision): Promise<A> {
      const found = await afterSales.requestRow(db, kind.table, id);
      assertInScope(op, found?.agent_id);
      const row = found!;
      await decision(row.id, (trx, done) =>
        recordAudit(trx, op, {
          action: audit.action,
          target: { type: kind.target, id: String(row.id) },
          reason: audit.reason,
          before: { status: done.before, order_no: row.order_no },
          after: done.after,
        }),
      );
      return kind.answerOf((await afterSales.requestRow(db, kind.table, row.id))!);
    },
  };
}

// The reconciler: orders left pending (the notification was lost, late, or never sent) are
// settled by asking the gateway; orders past their expiry are closed (voucher released); refunds
// whose gateway step failed are completed (commerce/refunds). Runs as a scheduled job (src/jobs:
// once per interval across all server processes, never overlapping) and is callable from tests.
import type { AppContext } from '../../../context';
import type { JobDef } from '../../../jobs';
import { clock } from '../../../lib/clock';
import { reconcileOrder } from '../orders/gateway';
import * as orders from '../orders/repo';
import { retryPendingRefunds } from '../refunds/service';

const BATCH = 100;

export interface ReconcileSummary {
  checked: number;
  paid: number;
  closed: number;
  failed: number;
  pending: number;
}

export async function reconcile(ctx: AppContext, olderThanMs = ctx.config.payQueryAfterMs): Promise<ReconcileSummary> {
  const before = new Date(clock.now().getTime() - olderThanMs).toISOString();
  const rows = await orders.pendingOrders(ctx.db.kysely, before, BATCH);
  const s: ReconcileSummary = { checked: rows.length, paid: 0, closed: 0, failed: 0, pending: 0 };
  for (const row of rows) {
    try {
      const after = await reconcileOrder(ctx, row);
      if (after.state === 'fulfilled' || after.state === 'paid') s.paid++;
      else if (after.state === 'closed') s.closed++;
      else if (after.state === 'failed') s.failed++;
      else s.pending++;
    } catch (err) {
      s.pending++;
      ctx.log.warn({ err, order_no: row.order_no }, 'reconciling an order failed; will retry');
    }
  }
  return s;
}

export const RECONCILER_JOB = 'payments.reconcile';

/** The periodic run as a scheduled job: settle pending orders, then complete failed refunds. */
export function reconcilerJob(ctx: AppContext, intervalMs: number): JobDef {
  return {
    name: RECONCILER_JOB,
    intervalMs,
    run: async () => {
      const summary = await reconcile(ctx);
      await retryPendingRefunds(ctx, ctx.config.payQueryAfterMs);
      return summary;
    },
  };
}

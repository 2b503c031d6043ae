// The reconciler: orders left pending (the notification was lost, late, or never sent) are
// settled by asking the gateway; orders past their expiry are closed (voucher released); refunds
// whose gateway step failed are completed (commerce/refunds). Runs on an interval in the server
// (unref'd timer, stopped on close) and is callable from tests.
import type { AppContext } from '../../../context';
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

/** Start the periodic run; the answer stops it. Runs never overlap. */
export function startReconciler(ctx: AppContext, intervalMs: number): () => void {
  let running = false;
  let stopped = false;
  const timer = setInterval(() => {
    if (running || stopped) return;
    running = true;
    reconcile(ctx)
      .then(() => retryPendingRefunds(ctx, ctx.config.payQueryAfterMs))
      .catch((err) => ctx.log.error({ err }, 'reconciler run failed'))
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => {
    stopped = true;
    clearInterval(timer);
  };
}

// The dashboard's queues: what each counts and who works it. An operator sees only the queues their
// role can act on (a permission of access/permissions.ts): an agent administrator is not shown
// tickets support answers, nor finance's withdrawals, which they could not open.
import type { OperatorRole } from '@portal/contract/admin';
import type { Executor } from '../../../db/executor';
import { waitingWithdrawals } from '../../commissions';
import { afterSales } from '../../commerce';
import { can, type Permission } from '../access/permissions';
import { decidableCount } from '../approvals/service';
import * as repo from './repo';

interface Queue {
  count: number;
  oldest_at: string | null;
}

interface QueueDef {
  key: string;
  label: string;
  /** the permission that works the queue's page */
  permission: Permission;
  /** `op`: whose queue — the approvals waiting for someone else than their requester */
  read: (db: Executor, agent: readonly number[] | null, op: { id: number; role: OperatorRole }) => Promise<Queue>;
}

const countOf = (r: { n: number | string; oldest: unknown } | undefined): Queue => ({
  count: Number(r?.n ?? 0),
  oldest_at: r?.oldest ? String(r.oldest) : null,
});

export const QUEUES: readonly QueueDef[] = [
  { key: 'tickets', label: '待处理投诉建议', permission: 'tickets.manage', read: repo.ticketsWaiting },
  { key: 'agent_applications', label: '待审核代理申请', permission: 'agentApplications.manage', read: repo.pendingApplications },
  { key: 'refunds', label: '未完成退款', permission: 'refunds.manage', read: repo.pendingRefunds },
  // holders' requests (docs/decisions/0045-partial-refunds-and-requests.md)
  {
    key: 'refund_requests',
    label: '待审核退款申请',
    permission: 'refunds.manage',
    read: async (db, agent) => countOf(await afterSales.openRequests(db, 'refund_requests', agent)),
  },
  {
    key: 'invoice_requests',
    label: '待开具发票',
    permission: 'invoices.manage',
    read: async (db, agent) => countOf(await afterSales.openRequests(db, 'invoice_requests', agent)),
  },
  { key: 'replacements', label: '待发货换卡', permission: 'cards.manage', read: repo.replacementsToShip },
  { key: 'shop_orders', label: '待发货设备订单', permission: 'orders.manage', read: repo.shopOrdersToShip },
  // agents' withdrawals waiting for finance's decision or payout (docs/decisions/0035-agent-commissions.md)
  {
    key: 'commission_withdrawals',
    label: '待处理佣金提现',
    permission: 'commissions.settle',
    read: async (db, agent) => {
      const w = await waitingWithdrawals(db, agent);
      return { count: w.count, oldest_at: w.oldest };
    },
  },
  // writes held above the platform's limits, for whoever may decide them — not their requester
  // (docs/decisions/0048-limits-and-a-second-approver.md)
  { key: 'approvals', label: '待超限审批', permission: 'approvals.decide', read: (db, agent, op) => decidableCount(db, op, agent) },
];

/** The queues a role works, in the dashboard's order. */
export const queuesFor = (role: OperatorRole) => QUEUES.filter((q) => can(role, q.permission));

/** Each queue the operator works, counted in their agent's scope. */
export async function queueCounts(db: Executor, op: { id: number; role: OperatorRole }, agent: readonly number[] | null) {
  return Promise.all(queuesFor(op.role).map(async (q) => ({ key: q.key, label: q.label, ...(await q.read(db, agent, op)) })));
}

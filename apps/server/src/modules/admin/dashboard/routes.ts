import type { FastifyInstance } from 'fastify';
import { CARD_STATE_LABEL } from '@portal/contract/enums';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { waitingWithdrawals } from '../../commissions';
import { clock } from '../../../lib/clock';
import { serveAdmin } from '../access/guard';
import { agentFilter } from '../access/scope';
import { chinaDayStartIso, dailySeries, lastChinaDays } from './figures';
import * as repo from './repo';

const DAYS = 30;

async function commissionQueue(db: Executor, agent: number | null) {
  const w = await waitingWithdrawals(db, agent);
  return { count: w.count, oldest_at: w.oldest };
}
const TOP = 10;

export async function dashboardRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serveAdmin(api, ctx, 'adminDashboard', 'dashboard.view', async (_req, _reply, op) => {
    const db = ctx.db.kysely;
    const agent = agentFilter(op);
    const days = lastChinaDays(clock.now(), DAYS);
    const from = chinaDayStartIso(days[0]!);
    const [states, activations, payments, refunded, top, tickets, applications, refunds, replacements] = await Promise.all([
      repo.cardsByState(db, agent),
      repo.firstBindings(db, agent, from),
      repo.paymentsSince(db, agent, from),
      repo.refundsSince(db, agent, from),
      repo.topDataUsers(db, agent, days[0]!, TOP),
      repo.openTickets(db, agent),
      repo.pendingApplications(db, agent),
      repo.pendingRefunds(db, agent),
      repo.replacementsToShip(db, agent),
    ]);
    return {
      cards_by_state: states.map((s) => ({ state: s.state, label: CARD_STATE_LABEL[s.state] ?? `状态 ${s.state}`, count: Number(s.n) })),
      daily: dailySeries(days, activations, payments, refunded),
      top_data_users: top.map((t) => ({ custom_num: t.custom_num, used_kb: Number(t.used_kb) })),
      // no shop (physical goods) orders exist yet: replacement cards are what waits to be shipped
      queues: [
        { key: 'tickets', label: '待处理投诉建议', ...tickets },
        { key: 'agent_applications', label: '待审核代理申请', ...applications },
        { key: 'refunds', label: '未完成退款', ...refunds },
        { key: 'replacements', label: '待发货换卡', ...replacements },
        { key: 'shop_orders', label: '待发货设备订单', ...(await repo.shopOrdersToShip(db, agent)) },
        // agents' withdrawals waiting for finance's decision or payout (docs/decisions/0035-agent-commissions.md)
        { key: 'commission_withdrawals', label: '待处理佣金提现', ...(await commissionQueue(db, agent)) },
      ],
    };
  });
}

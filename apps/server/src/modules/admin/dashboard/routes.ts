import type { FastifyInstance } from 'fastify';
import { CARD_STATE_LABEL } from '@portal/contract/enums';
import type { AppContext } from '../../../context';
import { clock } from '../../../lib/clock';
import { serve } from '../../../lib/endpoint';
import { agentFilter } from '../access/scope';
import { chinaDayStartIso, dailySeries, lastChinaDays } from './figures';
import { queueCounts } from './queues';
import * as repo from './repo';

const DAYS = 30;

const TOP = 10;

export async function dashboardRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminDashboard', async (_req, _reply, op) => {
    const db = ctx.db.kysely;
    const agent = agentFilter(op);
    const days = lastChinaDays(clock.now(), DAYS);
    const from = chinaDayStartIso(days[0]!);
    const [states, activations, payments, refunded, top, queues] = await Promise.all([
      repo.cardsByState(db, agent),
      repo.firstBindings(db, agent, from),
      repo.paymentsSince(db, agent, from),
      repo.refundsSince(db, agent, from),
      repo.topDataUsers(db, agent, days[0]!, TOP),
      queueCounts(db, op, agent),
    ]);
    return {
      cards_by_state: states.map((s) => ({ state: s.state, label: CARD_STATE_LABEL[s.state] ?? `状态 ${s.state}`, count: Number(s.n) })),
      daily: dailySeries(days, activations, payments, refunded),
      top_data_users: top.map((t) => ({ custom_num: t.custom_num, used_kb: Number(t.used_kb) })),
      // only the queues the operator's role works (./queues.ts)
      queues,
    };
  });
}

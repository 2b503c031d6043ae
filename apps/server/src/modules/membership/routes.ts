import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { inviteMine, inviteRecords } from '../invites';
import { clock } from '../../lib/clock';
import { releaseInviteRewards } from './commerceHooks';
import { memberInfo, programOfAgent } from './service';

/** The job that releases invitation rewards once a first package is past its refund window. */
export const INVITE_REWARDS_JOB = 'membership.invite_rewards';

export async function membershipRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'memberInfo', async (req) => memberInfo(ctx, authOf(req)));
  serve(api, 'inviteMine', async (req) => inviteMine(ctx, authOf(req), (agentId) => programOfAgent(ctx.db.kysely, agentId)));
  serve(api, 'inviteRecords', async (req) => inviteRecords(ctx, authOf(req)));
  api.jobs.add({ name: INVITE_REWARDS_JOB, intervalMs: 10 * 60_000, run: () => releaseInviteRewards(ctx.db.kysely, clock.now()) });
}

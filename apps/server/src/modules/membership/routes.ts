import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { inviteMine, inviteRecords } from '../invites';
import { memberInfo, programOfAgent } from './service';

export async function membershipRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'memberInfo', async (req) => memberInfo(ctx, authOf(req)));
  serve(api, 'inviteMine', async (req) => inviteMine(ctx, authOf(req), (agentId) => programOfAgent(ctx.db.kysely, agentId)));
  serve(api, 'inviteRecords', async (req) => inviteRecords(ctx, authOf(req)));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { applyForAgent, lookUpApplication } from './service';

export async function agentApplicationsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'agentApplicationCreate', async (req) => applyForAgent(ctx, req.body, req.ip));
  serve(api, 'agentApplicationLookup', async (req) => lookUpApplication(ctx, req.body, req.ip));
}

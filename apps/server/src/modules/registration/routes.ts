import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { inviteCheck, popularize, register } from './service';

export async function registrationRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'registerUser', async (req) => register(ctx, req.body, req.ip));
  serve(api, 'inviteCheck', async (req) => inviteCheck(ctx, req.query));
  serve(api, 'popularize', async (req) => popularize(ctx, req.query));
}

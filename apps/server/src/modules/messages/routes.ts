import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { listMessages, markRead, unread } from './service';

export async function messagesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'messages', async (req) => listMessages(ctx, authOf(req), req.query.before));
  serve(api, 'messagesUnread', async (req) => unread(ctx, authOf(req)));
  serve(api, 'messageRead', async (req) => markRead(ctx, authOf(req), req.body));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import { adjustCardBalance } from './adjust';

// 调整余额: above the platform's limit it waits for a second approver (docs/decisions/0048-limits-and-a-second-approver.md).
export async function balanceAdjustRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminBalanceAdjust', async (req, _reply, op) => adjustCardBalance(ctx, op, req.body));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { Answer, serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { cardFlow, cardLine, forceSync } from './pages';
import { restoreJob } from './restore';

/** How often the restore job asks the carrier again for lines paid back but not resumed yet. */
const RESTORE_INTERVAL_MS = 60_000;

export async function lineRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'cardLine', async (req) => cardLine(ctx, authOf(req), req.query.custom_num));
  serve(api, 'flow', async (req) => cardFlow(ctx, authOf(req), req.query.custom_num));
  // the message says whether the carrier was asked now or the card must wait
  serve(api, 'flowSync', async (req) => {
    const { answer, message } = await forceSync(ctx, authOf(req), req.body.custom_num);
    return new Answer(answer, message);
  });
  api.jobs.add(restoreJob(ctx, RESTORE_INTERVAL_MS));
}

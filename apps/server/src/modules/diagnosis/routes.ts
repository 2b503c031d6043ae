import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { Answer, serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { diagnoseCard, lineTest, optionalAuth, refreshOf } from './service';

export async function diagnosisRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  // no login needed: a token, when sent and valid, makes the caller the card's owner (or not)
  serve(
    api,
    'cardDiagnosis',
    async (req) => {
      const { answer, message } = await diagnoseCard(ctx, req.auth ?? null, req.ip, req.query.custom_num, refreshOf(req.query.refresh));
      return new Answer(answer, message);
    },
    { preHandler: async (req: FastifyRequest, reply) => optionalAuth(ctx, req, reply) },
  );
  serve(api, 'cardLineTest', async (req) => lineTest(ctx, authOf(req), req.body.custom_num));
}

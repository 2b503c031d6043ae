import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { bindCard, bindList, cardInfo, clew, setCardNickname, unbindCard } from './service';

export async function cardsRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'bindList', async (req) => ({ list: await bindList(ctx, authOf(req)) }));
  serve(api, 'bindCard', async (req) => bindCard(ctx, authOf(req), req.body.custom_num, req.body.password, req.ip));
  serve(api, 'unbindCard', async (req) => unbindCard(ctx, authOf(req), req.body.custom_num));
  // every page asks for card info: its answer is built field by field (service toCardInfo), so it
  // is written by a compiled serializer rather than checked by zod on each request (decision 0022)
  serve(api, 'cardInfo', async (req) => cardInfo(ctx, authOf(req), req.query.custom_num), { compiledSerializer: true });
  serve(api, 'cardNickname', async (req) => setCardNickname(ctx, authOf(req), req.body.custom_num, req.body.nickname));
  serve(api, 'clew', async (req) => clew(ctx, authOf(req), req.query.custom_num));
}

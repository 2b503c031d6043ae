import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { jsSdkConfig } from './service';

export async function wechatJsSdkRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'jsSdkConfig', async (req) => jsSdkConfig(ctx, { url: req.body.url, ip: req.ip, host: req.host }));
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';

/** Every API module registers under /api here. */
export async function registerModules(api: FastifyInstance, ctx: AppContext): Promise<void> {
  void api;
  void ctx;
}

import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function usageRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  void api;
  void ctx;
}

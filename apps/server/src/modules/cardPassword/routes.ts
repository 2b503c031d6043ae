import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function cardPasswordRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  void api;
  void ctx;
}

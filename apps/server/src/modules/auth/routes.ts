import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';

export async function authRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  void api;
  void ctx;
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/connect';
import { databaseAnswers } from '../db/readiness';

/** Liveness and readiness, hidden from the API documents. */
export function health(app: FastifyInstance, db: Db): void {
  // Liveness: a fixed answer, also the bench's bare baseline route.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Readiness: the database answers.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    if (await databaseAnswers(db)) return { status: 'ok' };
    return reply.status(503).send({ status: 'unavailable' });
  });
}

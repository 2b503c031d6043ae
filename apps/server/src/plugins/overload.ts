import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '@portal/contract/codes';
import type { Config } from '../config';
import { countOverloadRejection } from '../lib/metrics';
import { TurnBudget } from '../lib/turnBudget';

/** the answer of a process past its limits (the H5 shows it with 重试) */
export const BUSY_MESSAGE = '服务繁忙，请稍后再试';

/**
 * Load shedding (@fastify/under-pressure; docs/decisions/0033): past the event-loop delay or the heap
 * in use configured, an API request is answered 503 in the envelope with Retry-After at once,
 * instead of queueing until every request times out. Health, readiness and metrics keep answering
 * (a supervisor must not restart a busy process, an operator must see it), and so do the built
 * files: the H5 must load to say 服务繁忙 with 重试.
 */
export async function shedLoad(app: FastifyInstance, o: Config['overload']): Promise<void> {
  // The samples that span the start-up (routes built, the first modules loaded) measure the start,
  // not the load: a process just started would turn its first callers away. Shedding begins once
  // two samples have been taken after the app is ready.
  let shedFrom = Infinity;
  app.addHook('onReady', async () => {
    shedFrom = Date.now() + 2 * o.sampleMs;
  });
  const busy = (reply: FastifyReply, reason: string) => {
    countOverloadRejection(reason);
    reply.status(503).header('retry-after', String(o.retryAfterSeconds));
    return { code: Code.INTERNAL, message: BUSY_MESSAGE, data: null };
  };
  if (o.turnBudgetMs > 0) {
    // the requests of a loop turn that has spent its budget (lib/turnBudget): checked first, it is the cheapest
    const turn = new TurnBudget(o.turnBudgetMs);
    app.addHook('onRequest', (req, reply, done) => {
      if (!req.url.startsWith('/api/') || turn.admit()) return done();
      reply.send(busy(reply, 'loopTurn'));
    });
  }
  await app.register(import('@fastify/under-pressure'), {
    maxEventLoopDelay: o.maxEventLoopDelayMs,
    maxHeapUsedBytes: o.maxHeapUsedBytes,
    sampleInterval: o.sampleMs,
    // the plugin sends what the handler returns, or lets the request through on undefined (its
    // handlePressure); its typings only say void
    pressureHandler: ((req: FastifyRequest, reply: FastifyReply, type: string) => {
      if (!req.url.startsWith('/api/') || Date.now() < shedFrom) return undefined; // served as usual
      return busy(reply, type);
    }) as unknown as () => void,
  });
}

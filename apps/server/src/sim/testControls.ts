// Test controls for browser journeys and demos (SIM_CONTROLS=1 only — never in a production
// configuration): move the server's clock forward (lib/clock) and run a scheduled job now.
//   POST /sim/clock/advance  {"ms": 86400000}   → {"now": "…"}
//   POST /sim/jobs/:name/run                    → {"ran": true, "result": …}
//   POST /sim/jobs/:name/due                    → the job's current tick, if no process ran it yet
//                                                 (what its timer does): {"ran": false} otherwise
//   GET  /sim/pay/queries                       → {"queries": {order_no: n}}: this process's
//                                                 payment sandbox, how often it was asked about each order
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { SandboxGateway } from '../integrations/payment/sandbox';
import { clock } from '../lib/clock';

/** one move at most: a year */
const MAX_ADVANCE_MS = 366 * 86_400_000;

export async function registerTestControls(app: FastifyInstance, ctx: AppContext): Promise<void> {
  if (!ctx.config.simControls) return;
  app.post<{ Body: { ms?: unknown } }>('/sim/clock/advance', { schema: { hide: true } }, async (req, reply) => {
    const ms = Number(req.body?.ms);
    if (!Number.isInteger(ms) || ms <= 0 || ms > MAX_ADVANCE_MS)
      return reply.status(400).send({ message: '请给出要前进的毫秒数（最多一年）' });
    clock.advance(ms);
    ctx.log.warn({ advanced_ms: ms, now: clock.iso() }, 'test control: the clock moved');
    return { now: clock.iso() };
  });
  app.post<{ Params: { name: string } }>('/sim/jobs/:name/run', { schema: { hide: true } }, async (req, reply) => {
    if (!app.jobs.has(req.params.name)) return reply.status(404).send({ message: '没有这个任务' });
    return app.jobs.runNow(req.params.name);
  });
  app.post<{ Params: { name: string } }>('/sim/jobs/:name/due', { schema: { hide: true } }, async (req, reply) => {
    if (!app.jobs.has(req.params.name)) return reply.status(404).send({ message: '没有这个任务' });
    return app.jobs.runDue(req.params.name);
  });
  const sandbox = ctx.payments;
  if (sandbox instanceof SandboxGateway)
    app.get('/sim/pay/queries', { schema: { hide: true } }, async () => ({ queries: Object.fromEntries(sandbox.queriesByOrder) }));
}

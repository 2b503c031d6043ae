// What an operator scrapes (docs/decisions/0033-metrics-overload-backups.md): the process's counters
// (lib/metrics) with the figures this app reads from the database at scrape time — each job's last
// success across every process, the oldest card waiting for a carrier sync per account, the
// PostgreSQL pool. Served on a port of its own (METRICS_PORT) or at /metrics behind a bearer token
// (METRICS_TOKEN); never open on the public port.
import { createHash, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Gauge, Registry } from 'prom-client';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import { clock } from '../../lib/clock';
import { observeRequest, processRegistry, queryObserver } from '../../lib/metrics';
import { fleetStates, oldestSyncWanted } from '../carriers';
import { openChatStreams } from '../tickets';
import { waitingByState } from '../commissions';

/** What renders this app's metrics text (with the process's). */
export interface MetricsSource {
  contentType: string;
  render(): Promise<string>;
}

/**
 * Times every request and every database statement of this app, and builds the figures read at
 * scrape time. Called once by buildApp, before the routes.
 */
export function instrumentApp(app: FastifyInstance, ctx: AppContext): MetricsSource {
  ctx.db.observeQueries(queryObserver(ctx.db.dialect));
  // the route's template (req.routeOptions.url), never the URL: a URL can carry a card number or a mobile
  app.addHook('onResponse', (req, reply, done) => {
    observeRequest(req.method, routeLabel(req.routeOptions), reply.statusCode, reply.elapsedTime / 1000);
    done();
  });
  const registry = appRegistry(app, ctx);
  return {
    contentType: processRegistry.contentType,
    render: () => Registry.merge([processRegistry, registry]).metrics(),
  };
}

/** The one route label of every built file (the portal's and the console's assets, their index.html). */
export const BUILT_FILE_ROUTE = 'static';

/**
 * A request's route label: its template, except a built file's. The files beside index.html have a
 * route each (@fastify/static marks it with the file in its config), the hashed assets share
 * `…assets/*` (plugins/builtFiles.ts); named by path, each release's hashed file names would be new
 * series (112 of 172 labels once were), so all of them share one label.
 */
export function routeLabel(route: { url?: string; config?: unknown }): string {
  if ((route.config as { file?: unknown } | undefined)?.file !== undefined) return BUILT_FILE_ROUTE;
  if (route.url !== undefined && BUILT_ASSETS.test(route.url)) return BUILT_FILE_ROUTE;
  return route.url ?? '';
}

/** The routes of the builds' hashed assets: `/assets/*`, `/admin/assets/*`. */
const BUILT_ASSETS = /^(\/admin)?\/assets\/\*$/;

function appRegistry(app: FastifyInstance, ctx: AppContext): Registry {
  const registry = new Registry();
  const failed = (what: string) => (err: unknown) => ctx.log.warn({ err }, `metrics: reading ${what} failed`);
  new Gauge({
    name: 'portal_job_interval_seconds',
    help: 'How often each scheduled job runs across all processes (0: only when asked)',
    labelNames: ['job_name'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.jobs.intervals()) this.set({ job_name: j.name }, j.intervalMs / 1000);
    },
  });
  new Gauge({
    name: 'portal_job_last_success_timestamp_seconds',
    help: 'When each scheduled job last ended without an error, in whichever process ran it (jobs that never succeeded are absent)',
    labelNames: ['job_name'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await app.jobs.lastSuccesses().catch(failed('the jobs'));
      for (const r of rows ?? []) if (r.succeeded_at) this.set({ job_name: r.name }, Date.parse(r.succeeded_at) / 1000);
    },
  });
  new Gauge({
    name: 'portal_carrier_sync_wanted_oldest_age_seconds',
    help: 'Per carrier account, how long its longest-waiting card has waited for a sync (cards.sync_wanted_at); absent when none waits',
    labelNames: ['account'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await oldestSyncWanted(ctx.db.kysely).catch(failed('the cards waiting for a sync'));
      const now = clock.now().getTime();
      for (const r of rows ?? []) this.set({ account: String(r.account) }, Math.max(0, (now - Date.parse(r.since)) / 1000));
    },
  });
  new Gauge({
    name: 'portal_carrier_account_state',
    help: 'Per real carrier account, 1 on its state as the console shows it (ok, never, round_failed, failing, resting, auth, disabled); the rules alert on auth and on a rested account',
    labelNames: ['account', 'state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const rows = await fleetStates(ctx.db.kysely, clock.now()).catch(failed("the carrier accounts' states"));
      for (const r of rows ?? []) this.set({ account: String(r.account.id), state: r.state }, 1);
    },
  });
  // agents' withdrawals waiting for finance (docs/decisions/0067-agents-in-levels.md): the dashboard
  // shows the queue to whoever logs in; the alert reaches finance when nobody does for a day
  const withdrawals = async () => (await waitingByState(ctx.db.kysely).catch(failed('the waiting withdrawals'))) ?? [];
  new Gauge({
    name: 'portal_commission_withdrawals_waiting',
    help: "Agents' withdrawals waiting for finance, by state (requested: 待审核, approved: 待打款)",
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      for (const r of await withdrawals()) this.set({ state: r.state }, r.count);
    },
  });
  new Gauge({
    name: 'portal_commission_withdrawals_waiting_oldest_age_seconds',
    help: 'How long the oldest agent withdrawal in each waiting state has waited since it was asked for; absent when none waits',
    labelNames: ['state'] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const now = clock.now().getTime();
      for (const r of await withdrawals()) this.set({ state: r.state }, Math.max(0, (now - Date.parse(r.oldest)) / 1000));
    },
  });
  new Gauge({
    name: 'portal_chat_streams_open',
    help: '在线咨询 event streams this process holds open (bounded by CHAT_STREAMS_MAX)',
    registers: [registry],
    collect() {
      this.set(openChatStreams(ctx));
    },
  });
  const pool = ctx.db.poolStats?.bind(ctx.db);
  if (pool) {
    new Gauge({
      name: 'portal_db_pool_connections',
      help: "The PostgreSQL pool's connections of this process, in use and idle",
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const s = pool();
        this.set({ state: 'in_use' }, s.total - s.idle);
        this.set({ state: 'idle' }, s.idle);
      },
    });
    new Gauge({
      name: 'portal_db_pool_waiting',
      help: 'Queries of this process waiting for a PostgreSQL connection',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    });
  }
  return registry;
}

/** A bearer token compared in constant time (digests of equal length, whatever was sent). */
export function bearerMatches(header: string | undefined, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(header ?? '');
  if (!m) return false;
  const digest = (v: string) => createHash('sha256').update(v).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

/** GET /metrics on the app's own port, only with METRICS_TOKEN (without it the route does not exist). */
export function registerMetricsRoute(app: FastifyInstance, source: MetricsSource, token: string): void {
  app.get('/metrics', { schema: { hide: true } }, async (req: FastifyRequest, reply: FastifyReply) => {
    if (!bearerMatches(req.headers.authorization, token))
      return reply.status(401).send({ code: Code.UNAUTHORIZED, message: '未授权', data: null });
    return reply.type(source.contentType).send(await source.render());
  });
}

/**
 * The metrics on a port of their own (METRICS_PORT): a plain HTTP server beside the app, so a
 * scrape never queues behind the public traffic nor is shed with it. With a token, it is asked for there too.
 */
export async function startMetricsServer(
  source: MetricsSource,
  o: { port: number; host: string; token: string | null },
): Promise<{ server: Server; port: number }> {
  const server = createServer((req, res) => {
    const path = (req.url ?? '').split('?')[0];
    if (req.method !== 'GET' || path !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    if (o.token && !bearerMatches(req.headers.authorization, o.token)) {
      res.writeHead(401, { 'content-type': 'text/plain' }).end('unauthorized\n');
      return;
    }
    source.render().then(
      (text) => res.writeHead(200, { 'content-type': source.contentType }).end(text),
      () => res.writeHead(500, { 'content-type': 'text/plain' }).end('metrics failed\n'),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => resolve());
  });
  return { server, port: (server.address() as AddressInfo).port };
}

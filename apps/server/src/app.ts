import Fastify, {
  LogController,
  type FastifyBaseLogger,
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import { fastifyTrustProxy } from './lib/trustProxy';
import { lazyChildLogger } from './lib/lazyChildLogger';
import { maskedUrl } from './lib/logUrl';
import { REQUEST_ID_HEADER, requestIdGenerator } from './lib/requestId';
import { securityHeadersOf } from './lib/securityHeaders';
import { isDatabaseUnavailable } from './lib/dbUnavailable';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { z } from 'zod';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { Code, DEFAULT_MESSAGE } from '@portal/contract/codes';
import { assertProductionSafe, carrierSimulatorMounted, deviceSimulatorMounted, type Config, type Simulator } from './config';
import type { Db } from './db/connect';
import type { AppContext } from './context';
import { AppError } from './lib/errors';
import { JobRunner } from './jobs';
import { CarrierError } from './integrations/carrier/adapter';
import type { CarrierGateway } from './integrations/carrier/gateway';
import type { SmsProvider } from './integrations/sms/provider';
import type { DeviceGateway } from './integrations/device/gateway';
import { deviceGatewayFor } from './integrations/device';
import { SimulatorSms } from './integrations/sms/simulatorSms';
import type { PaymentGateway } from './integrations/payment/gateway';
import type { HttpTransport } from './integrations/http/transport';
import { messagingAppFor, paymentGatewayFor, smsProviderFor } from './integrations/providers';
import type { PayoutGateway } from './integrations/payout/gateway';
import { payoutGatewayFor } from './integrations/payout/choose';
import { sandboxIn } from './integrations/payment/router';
import { registerModules } from './modules';
import { createCarrierGateway, loadDeclaredAccounts, type DeclaredAccount, type GuardOptions } from './modules/carriers';
import { authenticateOperator } from './modules/admin';
import { registerSimulatorPages } from './sim';
import { plainError } from '@portal/contract/plainErrors';
import { countedSms } from './integrations/sms/counted';
import { instrumentApp, registerMetricsRoute, type MetricsSource } from './modules/metrics';
import { countOverloadRejection } from './lib/metrics';
import { TurnBudget } from './lib/turnBudget';

// Schema errors that carry no message of their own: the field in words and what to do (never zod's
// "期望 string，实际接收 undefined"); the Chinese locale stays underneath for anything else.
z.config({ ...z.locales.zhCN(), customError: plainError });

export interface BuildOptions {
  db: Db;
  config: Config;
  carrier?: CarrierGateway;
  sms?: SmsProvider;
  payments?: PaymentGateway;
  /** the payout gateway; chosen by the configuration when absent (null = none) */
  payouts?: PayoutGateway | null;
  devices?: DeviceGateway;
  /** how the real payment and SMS adapters chosen by the configuration reach their providers (tests: a fake) */
  transport?: HttpTransport;
  /** how the carrier calls are guarded, when not as in production (tests) */
  carrierGuard?: GuardOptions;
  /** carrier accounts of CARRIER_ACCOUNTS_FILE, already read (main.ts); read from the configuration when absent */
  declaredCarriers?: DeclaredAccount[];
  /** pino logger options, or false (tests) */
  logger?: boolean | object;
}

/** Body limit: the API takes small JSON; uploads (later) set their own limit per route. */
const BODY_LIMIT = 64 * 1024;

export const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["new-token"]',
  '*.password',
  '*.code',
  '*.id_number',
  '*.token',
  // a card holder's personal information (real-name, card replacement) never reaches the logs
  '*.*.id_number',
  '*.name',
  '*.*.name',
  '*.mobile',
  '*.*.mobile',
  '*.receiver_name',
  '*.receiver_mobile',
  '*.address',
];

/**
 * Fastify's request logging writes two lines per request ("incoming request", "request
 * completed"); at the default info level that was a tenth of card info's cost. One line, at the
 * end, with what both said (docs/decisions/0022); errors as before. The line goes through a
 * child without redaction: it carries only the fields below (no body, no personal data), and
 * pino's wildcard redaction cost 10 µs a line even when nothing matched — six times the line.
 */
class OneLinePerRequest extends LogController {
  private access: FastifyBaseLogger | undefined;

  /** the app's logger, once it exists (the controller is made before the app) */
  useLogger(log: FastifyBaseLogger): void {
    this.access = log.child({}, { redact: { paths: [] } });
  }

  override incomingRequest(): void {}
  override requestCompleted(error: Error | null | undefined, req: FastifyRequest, reply: FastifyReply): void {
    if (error || !this.access) return super.requestCompleted(error, req, reply);
    this.access.info(
      {
        reqId: req.id,
        method: req.method,
        // the route's template and the URL with personal query values hidden (lib/logUrl, docs/decisions/0028)
        route: req.routeOptions.url ?? '',
        url: maskedUrl(req.url),
        ip: req.ip,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  }
}

export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  // production mounts a simulator (and its /sim pages) only when ALLOW_SIMULATORS names it
  // (docs/decisions/0016); the payment and SMS providers come from the configuration unless
  // injected (docs/decisions/0021), and the sandbox or the SMS log counts only when it is in use.
  const injected = { carrier: opts.carrier, devices: opts.devices };
  const mountedBefore: Simulator[] = (['carrier', 'devices'] as const).filter(
    (s) => !injected[s] && (s !== 'carrier' || carrierSimulatorMounted(config)) && (s !== 'devices' || deviceSimulatorMounted(config)),
  );
  // carrier accounts declared in CARRIER_ACCOUNTS_FILE, checked before anything is built (main.ts reads them earlier still)
  const declaredCarriers = opts.declaredCarriers ?? loadDeclaredAccounts(config);
  if (config.production) {
    // judged on the configuration first, so a refused start builds nothing
    const chosen: Simulator[] = [...mountedBefore];
    if (!opts.payments && (config.payGateways.wechat === 'sandbox' || config.payGateways.alipay === 'sandbox')) chosen.push('payments');
    if (!opts.sms && config.smsProvider === 'log') chosen.push('sms');
    assertProductionSafe(config, chosen);
  }
  const logController = new OneLinePerRequest();
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: REDACT },
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // request ids in logs tie a user's report to the server's lines: UUIDs, unique across
    // processes; a proxy's own id only from a trusted proxy and well-formed (lib/requestId)
    requestIdHeader: false,
    // one log line per request instead of Fastify's two (OneLinePerRequest below)
    logController,
    childLoggerFactory: lazyChildLogger,
    genReqId: requestIdGenerator(config.trustProxy),
    // errors the router answers before any route runs (a path parameter over 100 characters, a
    // malformed URL) come in the envelope too, and never echo the path back
    frameworkErrors: (err, req, reply) => {
      const tooLong = err.code === 'FST_ERR_MAX_PARAM_LENGTH';
      const body = { code: Code.BAD_REQUEST, message: tooLong ? '请求地址过长' : '请求地址有误', data: null };
      // (the typed reply of the generic route signature knows no status codes here)
      return (reply as unknown as FastifyReply)
        .status(tooLong ? 414 : 400)
        .header(REQUEST_ID_HEADER, req.id)
        .send(body);
    },
  }).withTypeProvider<ZodTypeProvider>();
  logController.useLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  // every answer names its request id, the one in the server's log lines, and carries the
  // security headers — helmet's, worked out once (lib/securityHeaders; docs/decisions/0022)
  const securityHeaders = await securityHeadersOf({
    contentSecurityPolicy: { directives: cspDirectives(config.webDist) },
    // the portal opens carrier and payment pages; keep the referrer to our origin only
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(securityHeaders);
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });

  const providerDeps = { db, log: app.log, ...(opts.transport ? { transport: opts.transport } : {}) };
  const provider = opts.sms ?? smsProviderFor(config, providerDeps);
  const payments = opts.payments ?? paymentGatewayFor(config, providerDeps);
  // what is really mounted, injected or not
  assertProductionSafe(config, [
    ...mountedBefore,
    ...(sandboxIn(payments) ? (['payments'] as const) : []),
    ...(provider instanceof SimulatorSms ? (['sms'] as const) : []),
  ]);
  // every SMS counted by template and outcome (lib/metrics)
  const sms = countedSms(provider);
  const ctx: AppContext = {
    db,
    config,
    carrier: opts.carrier ?? createCarrierGateway(db, config, app.log, undefined, opts.carrierGuard, carrierSimulatorMounted(config)),
    sms,
    payments,
    payouts: opts.payouts !== undefined ? opts.payouts : payoutGatewayFor(config, providerDeps),
    devices: opts.devices ?? deviceGatewayFor(db, config),
    messagingApp: messagingAppFor(config, providerDeps),
    log: app.log,
  };
  // requests and statements timed, figures read at scrape time (modules/metrics; docs/decisions/0033)
  const metrics = instrumentApp(app, ctx);
  app.decorate('metrics', metrics);
  if (config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);
  await shedLoad(app, config);

  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) {
      // Plain JSON, not the route's response schema: that schema describes the success answer,
      // and code 40001 goes out with HTTP 200 (docs/spec/decisions.md "API"), which it would reject as a 500.
      return reply.status(err.status).serializer(JSON.stringify).send({ code: err.code, message: err.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // The schema's own Chinese message, as the user reads it: no field name (a card holder who
      // followed a bad link would see "（order_no）"); every schema message names its field in words.
      const message = err.validation[0]?.message ?? DEFAULT_MESSAGE[Code.BAD_REQUEST]!;
      return reply.status(400).send({ code: Code.BAD_REQUEST, message, data: null });
    }
    if (isResponseSerializationError(err)) {
      req.log.error({ err }, 'response did not match its schema');
      return reply.status(500).send({ code: Code.INTERNAL, message: DEFAULT_MESSAGE[Code.INTERNAL]!, data: null });
    }
    const status = err.statusCode ?? 500;
    if (status === 413 || err.code === 'FST_ERR_CTP_BODY_TOO_LARGE')
      return reply.status(413).send({ code: Code.PAYLOAD_TOO_LARGE, message: DEFAULT_MESSAGE[Code.PAYLOAD_TOO_LARGE]!, data: null });
    if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
      return reply.status(415).send({ code: Code.BAD_REQUEST, message: '不支持的请求内容类型，请使用 JSON', data: null });
    if (err.code === 'FST_ERR_CTP_EMPTY_JSON_BODY')
      return reply.status(400).send({ code: Code.BAD_REQUEST, message: '请求内容不能为空', data: null });
    if (status === 400 && (err.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || err instanceof SyntaxError))
      return reply.status(400).send({ code: Code.BAD_REQUEST, message: '请求内容不是有效的 JSON', data: null });
    if (status >= 400 && status < 500) {
      return reply.status(status).send({ code: Code.BAD_REQUEST, message: DEFAULT_MESSAGE[Code.BAD_REQUEST]!, data: null });
    }
    // A carrier platform that cannot answer now (down, resting behind its circuit, over its limit)
    // or cannot do this for the card: the holder is told which, never a 500 (docs/decisions/0030).
    if (err instanceof CarrierError) {
      req.log.warn({ err: err.message, kind: err.kind }, 'carrier platform refused');
      if (err.kind === 'unsupported' || err.kind === 'line')
        return reply.status(409).send({ code: Code.BAD_REQUEST, message: '运营商暂不支持对这张卡办理此项业务，请联系客服', data: null });
      return reply.status(503).send({ code: Code.INTERNAL, message: '运营商平台暂时无法连接，请稍后再试', data: null });
    }
    // The database cut off or restarting: the pool recovers by itself; the client may try again.
    if (isDatabaseUnavailable(err)) {
      req.log.warn({ err }, 'database unavailable');
      return reply.status(503).send({ code: Code.INTERNAL, message: '服务繁忙，请稍后重试', data: null });
    }
    // A real fault: log it with the request context, leak nothing.
    req.log.error({ err }, 'unhandled error');
    return reply.status(500).send({ code: Code.INTERNAL, message: DEFAULT_MESSAGE[Code.INTERNAL]!, data: null });
  });

  await app.register(import('@fastify/compress'), { global: true, threshold: 1024, encodings: ['gzip', 'deflate'] });

  await app.register(import('@fastify/swagger'), {
    openapi: {
      info: { title: '流量卡自助服务 API', version: '1.0.0' },
      components: { securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer', description: '登录返回的 token' } } },
    },
    transform: documentUploads,
  });
  // The API documents (portal and console) describe every endpoint: in production only an operator
  // reads them (docs/decisions/0028); elsewhere anyone, as before.
  await app.register(import('@fastify/swagger-ui'), {
    routePrefix: '/api/docs',
    ...(config.production
      ? {
          uiHooks: {
            onRequest: async (req: FastifyRequest) => {
              await authenticateOperator(db.kysely, req);
            },
          },
        }
      : {}),
  });

  // Liveness: a fixed answer, also the bench's bare baseline route.
  app.get('/healthz', { schema: { hide: true } }, async () => ({ status: 'ok' }));
  // Readiness: the database answers.
  app.get('/readyz', { schema: { hide: true } }, async (_req, reply) => {
    try {
      await db.kysely.selectFrom('agents').select('id').limit(1).execute();
      return { status: 'ok' };
    } catch {
      return reply.status(503).send({ status: 'unavailable' });
    }
  });

  // scheduled jobs (docs/decisions/0015): the modules add theirs; timers start when the app is ready
  const jobs = new JobRunner(db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  await app.register(async (api) => registerModules(api, ctx, { declaredCarriers }), { prefix: '/api' });
  await app.register(async (sim) => registerSimulatorPages(sim, ctx));

  const indexHtml = config.webDist && existsSync(join(config.webDist, 'index.html'));
  if (indexHtml) {
    await app.register(import('@fastify/static'), {
      root: config.webDist!,
      ...BUILT_FILES,
    });
  }

  // the operator console (docs/decisions/0018): its own bundle at /admin/, never part of the portal's
  const consoleIndex = await serveConsole(app, config.consoleDist);
  if (indexHtml) {
    // The history fallback as a route of its own: @fastify/compress compresses routes only, not the
    // not-found handler, and index.html (with /login's prerendered markup) is the first thing a
    // phone downloads — 47 kB plain, 8 kB gzip. API paths and file names still get the 404 below.
    app.get('/*', (req, reply) => {
      const path = req.url.split('?')[0]!;
      // the console's pages (/admin/…) have their own fallback in the not-found handler below
      const consolePath = path === '/admin' || path.startsWith('/admin/');
      if (consolePath || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
      // cacheControl: false, or @fastify/static puts its own `public, max-age=0` over ours
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    if (consoleIndex && req.method === 'GET' && (path === '/admin' || path.startsWith('/admin/')) && !/\.[a-z0-9]+$/i.test(path)) {
      // history fallback of the console's router
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleIndex);
    }
    if (indexHtml && req.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      // history fallback: the web app's router decides (unknown paths go to /404 there)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: Code.NOT_FOUND, message: DEFAULT_MESSAGE[Code.NOT_FOUND]!, data: null });
  });

  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this app's metrics text (modules/metrics): main.ts serves it on METRICS_PORT */
    metrics: MetricsSource;
  }
}

/** the answer of a process past its limits (the H5 shows it with 重试) */
export const BUSY_MESSAGE = '服务繁忙，请稍后再试';

/**
 * Load shedding (@fastify/under-pressure; docs/decisions/0033): past the event-loop delay or the heap
 * in use configured, an API request is answered 503 in the envelope with Retry-After at once,
 * instead of queueing until every request times out. Health, readiness and metrics keep answering
 * (a supervisor must not restart a busy process, an operator must see it), and so do the built
 * files: the H5 must load to say 服务繁忙 with 重试.
 */
async function shedLoad(app: FastifyInstance, config: Config): Promise<void> {
  const o = config.overload;
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

/** How the portal's and the console's built files are served (@fastify/static). */
const BUILT_FILES = {
  wildcard: false,
  index: false,
  // the build's .br / .gz beside each asset (scripts/build/precompress.mjs), sent as they are
  preCompressed: true,
  // setHeaders says how long each file may be cached; @fastify/static's own `public, max-age=0`
  // would otherwise win (also on its retry without a compressed copy, which drops sendFile's options)
  cacheControl: false,
  setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
    reply.header('vary', 'accept-encoding');
    // hashed assets never change; index.html must always be revalidated
    if (path.includes(`${join('/', 'assets', '/')}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else reply.header('cache-control', 'no-cache');
  },
} as const;

/** Serves the built console under /admin/; its index.html for the history fallback, or null when not built. */
async function serveConsole(app: FastifyInstance, dist: string | null): Promise<string | null> {
  const index = dist && join(dist, 'index.html');
  if (!index || !existsSync(index)) return null;
  await app.register(import('@fastify/static'), {
    root: dist,
    prefix: '/admin/',
    ...BUILT_FILES,
    // the portal's registration decorates the reply; this one serves files only
    decorateReply: false,
  });
  return readFileSync(index, 'utf8');
}

/**
 * The OpenAPI entry of a route from its zod schemas; a multipart route (`consumes`) also gets its
 * body, the file under `file`, which Fastify itself must not validate (the multipart parser reads it).
 */
function documentUploads(input: Parameters<typeof jsonSchemaTransform>[0]): ReturnType<typeof jsonSchemaTransform> {
  const out = jsonSchemaTransform(input);
  const consumes = (input.schema as { consumes?: string[] } | undefined)?.consumes;
  if (!consumes?.includes('multipart/form-data')) return out;
  return {
    ...out,
    schema: {
      ...out.schema,
      body: { type: 'object', required: ['file'], properties: { file: { type: 'string', format: 'binary', description: '图片文件' } } },
    },
  };
}

/**
 * CSP that allows the inline scripts of our own index.html by hash, nothing else inline; and the
 * messaging app's JS-SDK, which WeChat serves only from its own address (the share card and
 * wx.config, loaded by the page only inside the app: docs/decisions/0049-wechat-js-sdk.md).
 */
export const WECHAT_JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

function cspDirectives(webDist: string | null): Record<string, string[]> {
  const scriptSrc = ["'self'", WECHAT_JS_SDK_URL];
  const file = webDist ? join(webDist, 'index.html') : null;
  if (file && existsSync(file)) {
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (m[1]!.trim()) scriptSrc.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    }
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

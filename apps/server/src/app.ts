import Fastify, { type FastifyInstance } from 'fastify';
import { z } from 'zod';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { fastifyTrustProxy } from './lib/trustProxy';
import { lazyChildLogger } from './lib/lazyChildLogger';
import { requestIdGenerator } from './lib/requestId';
import { assertProductionSafe, type Config, type Simulator } from './config';
import type { Db } from './db/connect';
import type { AppContext } from './context';
import { JobRunner } from './jobs';
import type { CarrierGateway } from './integrations/carrier/gateway';
import type { SmsProvider } from './integrations/sms/provider';
import type { DeviceGateway } from './integrations/device/gateway';
import { deviceGatewayFor } from './integrations/device';
import type { PaymentGateway } from './integrations/payment/gateway';
import type { HttpTransport } from './integrations/http/transport';
import { messagingAppFor, paymentGatewayFor, smsProviderFor } from './integrations/providers';
import type { PayoutGateway } from './integrations/payout/gateway';
import { payoutGatewayFor } from './integrations/payout/choose';
import { registerModules } from './modules';
import { createCarrierGateway, loadDeclaredAccounts, type DeclaredAccount, type GuardOptions } from './modules/carriers';
import { registerSimulatorPages } from './sim';
import { plainError } from '@portal/contract/plainErrors';
import { countedSms } from './integrations/sms/counted';
import { instrumentApp, registerMetricsRoute, type MetricsSource } from './modules/metrics';
import { OneLinePerRequest, REDACT } from './plugins/requestLogging';
import { securityHeaders } from './plugins/securityHeaders';
import { errorMapping, frameworkErrors } from './plugins/errorMapping';
import { openApi } from './plugins/openApi';
import { health } from './plugins/health';
import { builtFiles } from './plugins/builtFiles';
import { shedLoad } from './plugins/overload';
import { simulatorsConfigured, simulatorsInUse, simulatorsOfGateways } from './integrations/simulators';

export { REDACT } from './plugins/requestLogging';
export { BUSY_MESSAGE } from './plugins/overload';
export { WECHAT_JS_SDK_URL } from './plugins/securityHeaders';

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

/**
 * The app, composed of parts that each do one thing (plugins/), applied in this order on the root
 * instance: hooks, the error handler and the not-found handler must reach every route.
 */
export async function buildApp(opts: BuildOptions): Promise<FastifyInstance> {
  const { config, db } = opts;
  const gatewaySimulators = simulatorsOfGateways(config, opts);
  // carrier accounts declared in CARRIER_ACCOUNTS_FILE, checked before anything is built (main.ts reads them earlier still)
  const declaredCarriers = opts.declaredCarriers ?? loadDeclaredAccounts(config);
  // judged on the configuration first, so a refused start builds nothing
  if (config.production) assertProductionSafe(config, simulatorsConfigured(config, gatewaySimulators, opts));

  const logController = new OneLinePerRequest();
  const app = Fastify({
    logger: opts.logger ?? { level: config.logLevel, redact: REDACT },
    bodyLimit: BODY_LIMIT,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    // request ids in logs tie a user's report to the server's lines: UUIDs, unique across
    // processes; a proxy's own id only from a trusted proxy and well-formed (lib/requestId)
    requestIdHeader: false,
    // one log line per request instead of Fastify's two (plugins/requestLogging)
    logController,
    childLoggerFactory: lazyChildLogger,
    genReqId: requestIdGenerator(config.trustProxy),
    frameworkErrors,
  }).withTypeProvider<ZodTypeProvider>();
  logController.useLogger(app.log);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorateRequest('auth', null);
  await securityHeaders(app, config.webDist);

  const ctx = buildContext(app, opts, gatewaySimulators);
  // requests and statements timed, figures read at scrape time (modules/metrics; docs/decisions/0033)
  const metrics = instrumentApp(app, ctx);
  app.decorate('metrics', metrics);
  if (config.metricsToken) registerMetricsRoute(app, metrics, config.metricsToken);
  await shedLoad(app, config.overload);
  errorMapping(app);

  // Answers under 4 kB go as they are: gzip of card info's 1.4 kB answer (every page, every phone
  // offers gzip) was 40 % of its CPU — a new zlib stream per answer — to save 0.7 kB, well inside one
  // round trip's first window (docs/decisions/0068). Lists, pages and the built files still compress.
  await app.register(import('@fastify/compress'), { global: true, threshold: 4096, encodings: ['gzip', 'deflate'] });
  await openApi(app, { db, production: config.production });
  health(app, db);

  // scheduled jobs (docs/decisions/0015): the modules add theirs; timers start when the app is ready
  const jobs = new JobRunner(db, app.log);
  app.decorate('jobs', jobs);
  app.addHook('onReady', async () => jobs.start());
  app.addHook('onClose', async () => jobs.stop());

  await app.register(async (api) => registerModules(api, ctx, { declaredCarriers }), { prefix: '/api' });
  await app.register(async (sim) => registerSimulatorPages(sim, ctx));
  await builtFiles(app, config);
  return app;
}

/**
 * The outside systems the modules use: injected (tests) or chosen by the configuration
 * (docs/decisions/0021), refused in production when a simulator really in use is not allowed.
 */
function buildContext(app: FastifyInstance, opts: BuildOptions, gatewaySimulators: readonly Simulator[]): AppContext {
  const { config, db } = opts;
  const providerDeps = { db, log: app.log, ...(opts.transport ? { transport: opts.transport } : {}) };
  const provider = opts.sms ?? smsProviderFor(config, providerDeps);
  const payments = opts.payments ?? paymentGatewayFor(config, providerDeps);
  assertProductionSafe(config, simulatorsInUse(gatewaySimulators, payments, provider));
  return {
    db,
    config,
    carrier: opts.carrier ?? createCarrierGateway(db, config, app.log, undefined, opts.carrierGuard, gatewaySimulators.includes('carrier')),
    // every SMS counted by template and outcome (lib/metrics)
    sms: countedSms(provider),
    payments,
    payouts: opts.payouts !== undefined ? opts.payouts : payoutGatewayFor(config, providerDeps),
    devices: opts.devices ?? deviceGatewayFor(db, config),
    messagingApp: messagingAppFor(config, providerDeps),
    log: app.log,
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** this app's metrics text (modules/metrics): main.ts serves it on METRICS_PORT */
    metrics: MetricsSource;
  }
}

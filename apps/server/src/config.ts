import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getHeapStatistics } from 'node:v8';
import { z } from 'zod';
import { flag, number, onOff, optionalNumber, text, type ProviderNeeds } from './lib/envKinds';
import { DEFAULT_HASH_COST, MIN_PRODUCTION_HASH_COST } from './lib/password';
import { parseTrustProxy, type TrustProxy } from './lib/trustProxy';
import { ConfigError } from './lib/configError';
import { DEVICE_ENV, deviceSettings, type DeviceSettings } from './integrations/device/settings';
import {
  MESSAGING_APP_ENV,
  messagingAppMissing,
  messagingAppSettings,
  type MessagingAppSettings,
} from './integrations/messaging/wechatMp/settings';
import { ALIPAY_NEEDS, PAYMENT_ENV, paymentGatewaySettings, WECHATPAY_NEEDS, type PaymentSettings } from './integrations/payment/settings';
import { PAYOUT_ENV, PAYOUT_NEEDS, payoutSettings, type PayoutSettings } from './integrations/payout/settings';
import { mountedSimulators, SIMULATORS, type Simulator, type SimulatorSettings } from './integrations/simulators';
import { ALIYUN_SMS_NEEDS, SMS_ENV, smsSettings, type SmsSettings } from './integrations/sms/settings';

// The server's whole configuration: one schema over the environment, read once at start-up.
// Every variable is typed; a wrong one stops the start with a message naming it (a typo used to
// become NaN and travel on). Each integration's variables, what its provider needs and how they
// map to its settings sit beside it (integrations/<x>/settings.ts); this file composes them with
// the server's own (docs/decisions/0069). `.env.example` lists the same variables (config.test.ts checks it),
// and production refuses what only suits a developer's machine (productionProblems;
// docs/decisions/0016-production-configuration.md).

export { ConfigError } from './lib/configError';
export type { AcsSettings } from './integrations/device/settings';
export type { WechatMpConfig } from './integrations/messaging/wechatMp/settings';
export type { AlipayConfig, WechatPayConfig } from './integrations/payment/settings';
export type { WechatPayoutConfig } from './integrations/payout/settings';
export type { AliyunSmsConfig } from './integrations/sms/settings';
export { carrierSimulatorMounted, deviceSimulatorMounted, mountedSimulators, SIMULATORS, type Simulator } from './integrations/simulators';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** the development secrets: fine on a developer's machine, refused in production */
export const DEV_PAY_SANDBOX_SECRET = 'sandbox-dev-secret-change-me';
export const DEV_PERSONAL_DATA_KEY = 'personal-data-dev-key-change-me';
/** a production secret is at least this long (`openssl rand -hex 32` gives 64) */
export const MIN_SECRET_LENGTH = 32;

/**
 * The whole configuration: the server's own settings below, each integration's beside it
 * (integrations/<x>/settings.ts), read from the environment by loadConfig.
 */
export interface Config extends SimulatorSettings, PaymentSettings, SmsSettings, MessagingAppSettings, PayoutSettings, DeviceSettings {
  port: number;
  host: string;
  databaseUrl: string;
  /** PostgreSQL connections per server process */
  pgPoolMax: number;
  /** how long a request waits for a PostgreSQL connection before failing in the envelope (503) */
  pgConnectTimeoutMs: number;
  /** built web app to serve; null = API only (tests) */
  webDist: string | null;
  /** built operator console to serve at /admin; null = none (docs/decisions/0018) */
  consoleDist: string | null;
  /** the web's server renderer of a holder's first screen (apps/web/dist-server, docs/decisions/0082);
   *  null = none: every page's HTML is the plain one */
  firstScreenDist: string | null;
  /** the longest a page's HTML waits for its first screen before the plain one goes */
  firstScreenBudgetMs: number;
  /** at most this many first screens rendered at once by a process; a page asked beyond them is the plain one */
  firstScreenConcurrency: number;
  /** seed demo data into an empty database (never in production) */
  seedDemo: boolean;
  logLevel: string;
  /** behind reverse proxies: how many hops, or which addresses, may set the client address (lib/trustProxy) */
  trustProxy: TrustProxy;
  /** log2 of scrypt's N for new password hashes (lib/password; docs/decisions/0022); below 17 only in a test run */
  passwordHashCost: number;
  /** token lifetime and how close to expiry it is rotated */
  tokenTtlMs: number;
  tokenRotateBeforeMs: number;
  /** secret that seals card holders' names, ID numbers, mobiles and ID photos at rest (lib/personalData) */
  personalDataKey: string;
  // ---- alerts and auto-renew (docs/decisions/0015) ----
  /** how often the alerts job looks at the cards with alerts or auto-renew on; 0 = never on its own (tests run it) */
  alertsIntervalMs: number;
  /** how often the console's bulk jobs runner takes the next cards of the waiting jobs (docs/decisions/0027); 0 = never on its own */
  bulkJobsIntervalMs: number;
  /** the carrier sync engine's round (modules/carriers; docs/decisions/0030); 0 = only when asked (tests) */
  carrierSyncIntervalMs: number;
  /** how long one call to a carrier platform may take */
  carrierTimeoutMs: number;
  /**
   * Where the console may point a carrier account (saving it, 测试连接; docs/decisions/0057): in
   * production https only, and no loopback, link-local or private address unless
   * CARRIER_ALLOW_PRIVATE_ADDRESSES=1 (a platform reached over a private line)
   */
  carrierAddresses: { httpsOnly: boolean; privateAllowed: boolean };
  // ---- several processes on one database (docs/decisions/0017) ----
  /** how often expired sessions, SMS codes and throttle rows are deleted; 0 = never on its own (tests run it) */
  cleanupIntervalMs: number;
  /** how long after expiry such a row is kept */
  cleanupGraceMs: number;
  /** the simulators' test controls (/sim/clock, /sim/jobs): move the server's clock, run a job now.
   *  Only with SIM_CONTROLS=1 — never in a production configuration */
  simControls: boolean;
  // ---- running it in production (docs/decisions/0033-metrics-overload-backups.md) ----
  /** Prometheus metrics on a port of their own (METRICS_PORT); null = not served there */
  metricsPort: number | null;
  metricsHost: string;
  /** bearer token for the metrics (METRICS_TOKEN): on the public port only with one; null = none */
  metricsToken: string | null;
  /** 在线咨询's open event streams in this process (docs/decisions/0057) */
  chatStreams: {
    /** at most this many at once (CHAT_STREAMS_MAX); one more is refused 429 */
    max: number;
    /** how often each stream checks that its session still lives (CHAT_STREAM_RECHECK_SECONDS): a revocation in another process ends it within this */
    recheckMs: number;
  };
  /** errors reported by phones (docs/decisions/0037-errors-from-phones.md) */
  errorReports: {
    /** batches one client address may send per minute (ERROR_REPORTS_PER_MINUTE); more are refused 429 */
    perMinute: number;
    /** Sentry's DSN (SENTRY_DSN): the reports are forwarded there as well; null = kept here only */
    sentryDsn: string | null;
    /** NEW groups one client address may create an hour (ERROR_REPORT_NEW_GROUPS_PER_HOUR); reports past it that would create one are dropped (docs/decisions/0057) */
    newGroupsPerHour: number;
    /** NEW groups one release may get an hour, whatever the addresses (ERROR_REPORT_NEW_GROUPS_PER_RELEASE_HOUR) */
    newGroupsPerReleaseHour: number;
  };
  /** load shedding (@fastify/under-pressure): past these the API answers 503 with Retry-After */
  overload: {
    /** mean event-loop delay over a sample, in ms; 0 = not checked */
    maxEventLoopDelayMs: number;
    /** how long one turn of the event loop may spend on requests before it sheds the rest (lib/turnBudget); 0 = not checked */
    turnBudgetMs: number;
    /** V8 heap in use, in bytes; 0 = not checked */
    maxHeapUsedBytes: number;
    /** how often the process measures itself */
    sampleMs: number;
    retryAfterSeconds: number;
  };
}

const simulatorList = z
  .string()
  .transform((v, ctx) => {
    const names = v
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean);
    const unknown = names.filter((n) => !(SIMULATORS as readonly string[]).includes(n));
    if (unknown.length)
      ctx.addIssue({ code: 'custom', message: `unknown simulator ${unknown.join(', ')}; the simulators are ${SIMULATORS.join(', ')}` });
    return [...new Set(names)] as Simulator[];
  })
  .default([]);

const trustProxy = z
  .string()
  .transform((v, ctx): TrustProxy => {
    try {
      return parseTrustProxy(v);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message.replace(/^TRUST_PROXY(=\S*)?:?\s*/, '') });
      return z.NEVER;
    }
  })
  .default(false);

const heapLimit = () => getHeapStatistics().heap_size_limit;

/** Every variable the server reads, with its kind and today's default. */
export const ENV_SCHEMA = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test'], { error: 'must be development, production or test' }).default('development'),
  PORT: number(3000, { int: true, max: 65535 }),
  HOST: text('0.0.0.0'),
  DATABASE_URL: text(resolve(repoRoot, 'data/portal.db')),
  PG_POOL_MAX: number(10, { int: true, min: 1, max: 1000 }),
  PG_CONNECT_TIMEOUT_MS: number(5000, { int: true, min: 100, max: 60_000 }),
  WEB_DIST: z.string().trim().optional(),
  CONSOLE_DIST: z.string().trim().optional(),
  FIRST_SCREEN_DIST: z.string().trim().optional(),
  FIRST_SCREEN_BUDGET_MS: number(300, { int: true, min: 0, max: 10_000 }),
  FIRST_SCREEN_CONCURRENCY: number(8, { int: true, min: 1, max: 1_000 }),
  // default: on, except in production (loadConfig)
  SEED_DEMO: onOff.optional(),
  LOG_LEVEL: z
    .enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], {
      error: 'must be fatal, error, warn, info, debug, trace or silent',
    })
    .default('info'),
  TRUST_PROXY: trustProxy,
  // below 17 only in a test run (refused otherwise, below); 4 is scrypt's N=16, a test's cost
  PASSWORD_HASH_COST: number(DEFAULT_HASH_COST, { int: true, min: 4, max: 20 }),
  TOKEN_TTL_HOURS: number(24 * 7, { min: 1 }),
  TOKEN_ROTATE_BEFORE_HOURS: number(24),
  ALLOW_SIMULATORS: simulatorList,
  PAY_SANDBOX_SECRET: text(DEV_PAY_SANDBOX_SECRET),
  PAY_SANDBOX_NOTIFY_DELAY_MS: number(300, { max: 3_600_000 }),
  PAY_SANDBOX_NOTIFY_COPIES: number(2, { int: true, min: 1, max: 10 }),
  PAY_SANDBOX_DROP_NOTIFY: flag(false),
  PAY_ORDER_TTL_MINUTES: number(15, { min: 1 }),
  PAY_QUERY_AFTER_SECONDS: number(10),
  PAY_RECONCILE_INTERVAL_SECONDS: number(30),
  PERSONAL_DATA_KEY: text(DEV_PERSONAL_DATA_KEY),
  ...DEVICE_ENV.shape,
  ALERTS_INTERVAL_SECONDS: number(300),
  BULK_JOBS_INTERVAL_SECONDS: number(2),
  CARRIER_SYNC_INTERVAL_SECONDS: number(60),
  CARRIER_TIMEOUT_SECONDS: number(10, { min: 1 }),
  CARRIER_ACCOUNTS_FILE: z.string().trim().min(1, { error: 'must be a path' }).optional(),
  CARRIER_ALLOW_PRIVATE_ADDRESSES: flag(false),
  CLEANUP_INTERVAL_SECONDS: number(3600),
  CLEANUP_GRACE_HOURS: number(24 * 7),
  SIM_CONTROLS: flag(false),
  METRICS_PORT: optionalNumber({ int: true, min: 1, max: 65535 }),
  METRICS_HOST: text('127.0.0.1'),
  METRICS_TOKEN: z.string().trim().min(16, { error: 'must be at least 16 characters (e.g. openssl rand -hex 32)' }).optional(),
  ERROR_REPORTS_PER_MINUTE: number(30, { min: 1 }),
  ERROR_REPORT_NEW_GROUPS_PER_HOUR: number(20, { int: true, min: 1 }),
  ERROR_REPORT_NEW_GROUPS_PER_RELEASE_HOUR: number(200, { int: true, min: 1 }),
  CHAT_STREAMS_MAX: number(2000, { int: true, min: 1 }),
  CHAT_STREAM_RECHECK_SECONDS: number(20, { min: 1, max: 300 }),
  SENTRY_DSN: z
    .url({ protocol: /^https?$/, error: 'must be a Sentry DSN, e.g. https://<key>@o0.ingest.sentry.io/<project>' })
    .refine((v) => /^https?:\/\/[^:@/]+(:[^@/]*)?@[^/]+\/(.+\/)?\d+$/.test(v), {
      error: 'must be a Sentry DSN, e.g. https://<key>@o0.ingest.sentry.io/<project>',
    })
    .optional(),
  // default 50 in production, off elsewhere (loadConfig)
  OVERLOAD_MAX_EVENT_LOOP_DELAY_MS: optionalNumber({ int: true, max: 60_000 }),
  // default 25 in production, off elsewhere (loadConfig)
  OVERLOAD_TURN_BUDGET_MS: optionalNumber({ int: true, max: 60_000 }),
  OVERLOAD_MAX_HEAP_USED_MB: number(0, { int: true }),
  OVERLOAD_SAMPLE_MS: number(500, { int: true, min: 10, max: 60_000 }),
  OVERLOAD_RETRY_AFTER_SECONDS: number(5, { int: true, min: 1, max: 3600 }),
  ...PAYMENT_ENV.shape,
  ...SMS_ENV.shape,
  ...PAYOUT_ENV.shape,
  ...MESSAGING_APP_ENV.shape,
});

/** The variables a chosen provider needs, each with what it is (beside each provider's settings). */
const PROVIDER_NEEDS: ProviderNeeds<z.output<typeof ENV_SCHEMA>>[] = [WECHATPAY_NEEDS, PAYOUT_NEEDS, ALIPAY_NEEDS, ALIYUN_SMS_NEEDS];

export type EnvName = keyof typeof ENV_SCHEMA.shape;
export const ENV_NAMES = Object.keys(ENV_SCHEMA.shape) as EnvName[];

/** variables whose value never appears in a message */
const SECRET: ReadonlySet<string> = new Set([
  'PAY_SANDBOX_SECRET',
  'PERSONAL_DATA_KEY',
  'DATABASE_URL',
  'WECHATPAY_APIV3_KEY',
  'WECHATPAY_OA_SECRET',
  'WECHAT_MP_SECRET',
  'ALIYUN_SMS_ACCESS_KEY_SECRET',
  'METRICS_TOKEN',
  'SENTRY_DSN',
]);

/** The variables where empty means "none" (not served, not used) rather than "not set". */
const EMPTY_MEANS_NONE = new Set(['WEB_DIST', 'CONSOLE_DIST', 'FIRST_SCREEN_DIST']);

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as not set (`PORT=` in an env file), except WEB_DIST, where empty
  // means "API only".
  const given: Record<string, string> = {};
  for (const name of ENV_NAMES) {
    const value = env[name];
    if (value !== undefined && (value.trim() !== '' || EMPTY_MEANS_NONE.has(name))) given[name] = value;
  }
  const parsed = ENV_SCHEMA.safeParse(given);
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        const shown = SECRET.has(name) ? '' : ` (got "${given[name]}")`;
        return `${name}: ${issue.message}${shown}`;
      }),
    );
  }
  const e = parsed.data;
  const missing: string[] = [];
  for (const p of PROVIDER_NEEDS) {
    if (!p.when(e)) continue;
    for (const [name, what] of p.needs)
      if (e[name] === undefined && !missing.some((m) => m.startsWith(`${name}:`))) missing.push(`${name}: ${p.choice} needs ${what}`);
  }
  missing.push(...messagingAppMissing(e));
  if (missing.length) throw new ConfigError(missing);
  const production = e.NODE_ENV === 'production';
  // A cheaper hash only speeds up a test run's hundreds of logins; anywhere else it weakens every
  // password stored from then on (and rehashes the stronger ones down at their next login).
  if (e.PASSWORD_HASH_COST < MIN_PRODUCTION_HASH_COST && e.NODE_ENV !== 'test')
    throw new ConfigError([
      `PASSWORD_HASH_COST: below ${MIN_PRODUCTION_HASH_COST} only for test runs (NODE_ENV=test) (got "${e.PASSWORD_HASH_COST}")`,
    ]);
  const hour = 3600_000;
  return {
    production,
    smsToTerminal: e.NODE_ENV === 'development',
    port: e.PORT,
    host: e.HOST,
    databaseUrl: e.DATABASE_URL,
    pgPoolMax: e.PG_POOL_MAX,
    pgConnectTimeoutMs: e.PG_CONNECT_TIMEOUT_MS,
    webDist: e.WEB_DIST === '' ? null : resolve(e.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    consoleDist: e.CONSOLE_DIST === '' ? null : resolve(e.CONSOLE_DIST ?? resolve(repoRoot, 'apps/console/dist')),
    firstScreenBudgetMs: e.FIRST_SCREEN_BUDGET_MS,
    firstScreenConcurrency: e.FIRST_SCREEN_CONCURRENCY,
    firstScreenDist: e.FIRST_SCREEN_DIST === '' ? null : resolve(e.FIRST_SCREEN_DIST ?? resolve(repoRoot, 'apps/web/dist-server')),
    // the demo data: on by default on a developer's machine, off by default in production (where
    // asking for it is refused: productionProblems)
    seedDemo: e.SEED_DEMO ?? !production,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    passwordHashCost: e.PASSWORD_HASH_COST,
    tokenTtlMs: e.TOKEN_TTL_HOURS * hour,
    tokenRotateBeforeMs: e.TOKEN_ROTATE_BEFORE_HOURS * hour,
    allowSimulators: e.ALLOW_SIMULATORS,
    // the default secret only suits the sandbox on a developer's machine; set one per deployment
    paySandboxSecret: e.PAY_SANDBOX_SECRET,
    paySandboxNotifyDelayMs: e.PAY_SANDBOX_NOTIFY_DELAY_MS,
    paySandboxNotifyCopies: e.PAY_SANDBOX_NOTIFY_COPIES,
    paySandboxDropNotify: e.PAY_SANDBOX_DROP_NOTIFY,
    payOrderTtlMs: e.PAY_ORDER_TTL_MINUTES * 60_000,
    payQueryAfterMs: e.PAY_QUERY_AFTER_SECONDS * 1000,
    payReconcileIntervalMs: e.PAY_RECONCILE_INTERVAL_SECONDS * 1000,
    // like the sandbox secret, the default suits a developer's machine only; set one per deployment
    // and keep it: data sealed under one key does not open under another
    personalDataKey: e.PERSONAL_DATA_KEY,
    ...deviceSettings(e, repoRoot),
    alertsIntervalMs: e.ALERTS_INTERVAL_SECONDS * 1000,
    bulkJobsIntervalMs: e.BULK_JOBS_INTERVAL_SECONDS * 1000,
    carrierSyncIntervalMs: e.CARRIER_SYNC_INTERVAL_SECONDS * 1000,
    carrierTimeoutMs: e.CARRIER_TIMEOUT_SECONDS * 1000,
    carrierAccountsFile: e.CARRIER_ACCOUNTS_FILE ?? null,
    // a developer's machine and the tests run their fake platforms on http://127.0.0.1
    carrierAddresses: { httpsOnly: production, privateAllowed: !production || e.CARRIER_ALLOW_PRIVATE_ADDRESSES },
    cleanupIntervalMs: e.CLEANUP_INTERVAL_SECONDS * 1000,
    cleanupGraceMs: e.CLEANUP_GRACE_HOURS * hour,
    simControls: e.SIM_CONTROLS,
    metricsPort: e.METRICS_PORT ?? null,
    metricsHost: e.METRICS_HOST,
    metricsToken: e.METRICS_TOKEN ?? null,
    chatStreams: { max: e.CHAT_STREAMS_MAX, recheckMs: e.CHAT_STREAM_RECHECK_SECONDS * 1000 },
    errorReports: {
      perMinute: e.ERROR_REPORTS_PER_MINUTE,
      sentryDsn: e.SENTRY_DSN ?? null,
      newGroupsPerHour: e.ERROR_REPORT_NEW_GROUPS_PER_HOUR,
      newGroupsPerReleaseHour: e.ERROR_REPORT_NEW_GROUPS_PER_RELEASE_HOUR,
    },
    overload: {
      // the time-based limits are a production process's: a developer's machine and a test run share
      // their CPU with builds, browsers and other runs, whose load is not the process's (a test of
      // the shedding, and the bench, set them)
      maxEventLoopDelayMs: e.OVERLOAD_MAX_EVENT_LOOP_DELAY_MS ?? (production ? 50 : 0),
      turnBudgetMs: e.OVERLOAD_TURN_BUDGET_MS ?? (production ? 25 : 0),
      // 0 (the default): 90 % of the V8 heap's limit, where the process is close to running out
      maxHeapUsedBytes: e.OVERLOAD_MAX_HEAP_USED_MB ? e.OVERLOAD_MAX_HEAP_USED_MB * 1024 * 1024 : Math.floor(heapLimit() * 0.9),
      sampleMs: e.OVERLOAD_SAMPLE_MS,
      retryAfterSeconds: e.OVERLOAD_RETRY_AFTER_SECONDS,
    },
    ...paymentGatewaySettings(e),
    ...payoutSettings(e),
    ...messagingAppSettings(e),
    ...smsSettings(e),
  };
}

/**
 * What a production configuration must not have, each naming the variable to change; [] outside
 * production. `mounted`: the simulators the server would mount (buildApp passes the ones it
 * actually mounts; before the database is touched, the ones the configuration chooses).
 */
export function productionProblems(config: Config, mounted: readonly Simulator[] = mountedSimulators(config)): string[] {
  if (!config.production) return [];
  const problems: string[] = [];
  const secret = (name: string, value: string, dev: string) => {
    if (value === dev) problems.push(`${name}: set a secret of your own (the development default is public)`);
    else if (value.length < MIN_SECRET_LENGTH)
      problems.push(`${name}: use at least ${MIN_SECRET_LENGTH} characters (e.g. openssl rand -hex 32)`);
  };
  secret('PERSONAL_DATA_KEY', config.personalDataKey, DEV_PERSONAL_DATA_KEY);
  if (mounted.includes('payments')) secret('PAY_SANDBOX_SECRET', config.paySandboxSecret, DEV_PAY_SANDBOX_SECRET);
  const unwanted = mounted.filter((s) => !config.allowSimulators.includes(s));
  if (unwanted.length)
    problems.push(
      `ALLOW_SIMULATORS: the ${unwanted.join(', ')} simulator${unwanted.length > 1 ? 's are' : ' is'} mounted; ` +
        `a staging deployment that wants them names each one (ALLOW_SIMULATORS=${mounted.join(',')})`,
    );
  if (config.seedDemo) problems.push('SEED_DEMO: the demo data and its public passwords are never loaded in production; set SEED_DEMO=0');
  if (config.metricsPort !== null && config.metricsPort === config.port)
    problems.push('METRICS_PORT: the metrics never share the public port; choose another port, or use METRICS_TOKEN on the public one');
  if (config.wechatMp && !config.wechatMp.apiBase.startsWith('https://'))
    problems.push('WECHAT_MP_API_URL: the official account platform is reached over https in production');
  if (config.simControls) problems.push('SIM_CONTROLS: the test controls move the server clock; set SIM_CONTROLS=0 in production');
  return problems;
}

/** Throws a ConfigError listing every production problem (see productionProblems). */
export function assertProductionSafe(config: Config, mounted?: readonly Simulator[]): void {
  const problems = productionProblems(config, mounted);
  if (problems.length) throw new ConfigError(problems);
}

import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseTrustProxy, type TrustProxy } from './lib/trustProxy';

const repoRoot = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

export interface Config {
  port: number;
  host: string;
  databaseUrl: string;
  /** built web app to serve; null = API only (tests) */
  webDist: string | null;
  /** seed demo data into an empty database */
  seedDemo: boolean;
  logLevel: string;
  /** behind reverse proxies: how many hops, or which addresses, may set the client address (lib/trustProxy) */
  trustProxy: TrustProxy;
  /** token lifetime and how close to expiry it is rotated */
  tokenTtlMs: number;
  tokenRotateBeforeMs: number;
  // ---- payments (docs/decisions/0006) ----
  /** HMAC-SHA256 secret of the payment sandbox's notifications (PAY_SANDBOX_SECRET) */
  paySandboxSecret: string;
  /** sandbox: delay before a notification, and how many copies it sends; drop them all */
  paySandboxNotifyDelayMs: number;
  paySandboxNotifyCopies: number;
  paySandboxDropNotify: boolean;
  /** an unpaid order closes (voucher released) this long after creation */
  payOrderTtlMs: number;
  /** the reconciler asks the gateway about orders pending longer than this */
  payQueryAfterMs: number;
  /** how often the reconciler runs; 0 = never on its own (tests call it) */
  payReconcileIntervalMs: number;
  /** secret that seals card holders' names, ID numbers, mobiles and ID photos at rest (lib/personalData) */
  personalDataKey: string;
  // ---- wifi devices (docs/decisions/0012) ----
  /** the device simulator: how often a device checks in and picks up queued changes */
  deviceCheckinMs: number;
  /** the device simulator: how long a reboot or factory reset keeps a device offline */
  deviceRebootMs: number;
  // ---- alerts and auto-renew (docs/decisions/0015) ----
  /** how often the alerts job looks at the cards with alerts or auto-renew on; 0 = never on its own (tests run it) */
  alertsIntervalMs: number;
  // ---- several processes on one database (docs/decisions/0017) ----
  /** how often expired sessions, SMS codes and throttle rows are deleted; 0 = never on its own (tests run it) */
  cleanupIntervalMs: number;
  /** how long after expiry such a row is kept */
  cleanupGraceMs: number;
  /** the simulators' test controls (/sim/clock, /sim/jobs): move the server's clock, run a job now.
   *  Only with SIM_CONTROLS=1 — never in a production configuration */
  simControls: boolean;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return {
    port: Number(env.PORT ?? 3000),
    host: env.HOST ?? '0.0.0.0',
    databaseUrl: env.DATABASE_URL ?? resolve(repoRoot, 'data/portal.db'),
    webDist: env.WEB_DIST === '' ? null : resolve(env.WEB_DIST ?? resolve(repoRoot, 'apps/web/dist')),
    seedDemo: env.SEED_DEMO !== '0',
    logLevel: env.LOG_LEVEL ?? 'info',
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    tokenTtlMs: Number(env.TOKEN_TTL_HOURS ?? 24 * 7) * 3600_000,
    tokenRotateBeforeMs: Number(env.TOKEN_ROTATE_BEFORE_HOURS ?? 24) * 3600_000,
    // the default secret only suits the sandbox on a developer's machine; set one per deployment
    paySandboxSecret: env.PAY_SANDBOX_SECRET || 'sandbox-dev-secret-change-me',
    paySandboxNotifyDelayMs: Number(env.PAY_SANDBOX_NOTIFY_DELAY_MS ?? 300),
    paySandboxNotifyCopies: Number(env.PAY_SANDBOX_NOTIFY_COPIES ?? 2),
    paySandboxDropNotify: env.PAY_SANDBOX_DROP_NOTIFY === '1',
    payOrderTtlMs: Number(env.PAY_ORDER_TTL_MINUTES ?? 15) * 60_000,
    payQueryAfterMs: Number(env.PAY_QUERY_AFTER_SECONDS ?? 10) * 1000,
    payReconcileIntervalMs: Number(env.PAY_RECONCILE_INTERVAL_SECONDS ?? 30) * 1000,
    // like the sandbox secret, the default suits a developer's machine only; set one per deployment
    // and keep it: data sealed under one key does not open under another
    personalDataKey: env.PERSONAL_DATA_KEY || 'personal-data-dev-key-change-me',
    deviceCheckinMs: Number(env.DEVICE_CHECKIN_SECONDS ?? 5) * 1000,
    deviceRebootMs: Number(env.DEVICE_REBOOT_SECONDS ?? 20) * 1000,
    alertsIntervalMs: Number(env.ALERTS_INTERVAL_SECONDS ?? 300) * 1000,
    cleanupIntervalMs: Number(env.CLEANUP_INTERVAL_SECONDS ?? 3600) * 1000,
    cleanupGraceMs: Number(env.CLEANUP_GRACE_HOURS ?? 24 * 7) * 3600_000,
    simControls: env.SIM_CONTROLS === '1',
  };
}

// API test harness: a real app over a real database. Every suite runs on SQLite and, when
// TEST_DATABASE_URL names a PostgreSQL server, on a PostgreSQL database of its own as well.
//
//   describe.each(databases())('cards on %s', (kind) => {
//     const t = useTestApp(kind);           // a migrated + seeded database of the file's own
//                                           // (a copy of the run's prepared one: ./templates.ts)
//     it('…', async () => { const token = await t.loginAccount(); const res = await t.inject(…) })
//   })
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll } from 'vitest';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { loadConfig, type Config } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import {
  demoHashesForTests,
  createPgTestDatabase,
  dropPgDatabase,
  pgDatabase,
  pgUrl,
  sqliteCopy,
  TEST_PASSWORD_HASH_COST,
} from './templates';

export { demoHashesForTests, TEST_PASSWORD_HASH_COST };

export type DbKind = 'sqlite' | 'postgres';

export function databases(): DbKind[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];
}

/** An empty PostgreSQL database (not from the run's template), for a test that migrates it itself. */
export async function createPgDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await createPgTestDatabase(name);
  return { url: pgUrl(name), drop: () => dropPgDatabase(name) };
}

export interface TestApp {
  app: FastifyInstance;
  db: Db;
  config: Config;
  inject(opts: InjectOptions): Promise<LightMyRequestResponse>;
  /** GET with a token */
  get(url: string, token?: string): Promise<LightMyRequestResponse>;
  /** POST JSON with a token */
  post(url: string, body: unknown, token?: string): Promise<LightMyRequestResponse>;
  loginAccount(account?: string, password?: string): Promise<string>;
  loginCard(customNum: string, password?: string): Promise<string>;
  /** the last SMS code the simulator sent to a mobile */
  lastSmsCode(mobile: string): Promise<string>;
  /** row counts of every table: compare before/after to prove "nothing written" */
  snapshot(): Promise<Record<string, number>>;
}

const TABLES = [
  'agents',
  'pay_settings',
  'users',
  'cards',
  'card_bindings',
  'card_packages',
  'card_flow_daily',
  'sessions',
  'sms_codes',
  'throttles',
  'sim_sms_outbox',
  'sim_lines',
  'package_series',
  // real-name and card replacement
  'card_personal_info',
  'real_name_tickets',
  'change_card_applications',
  'uploads',
  // commerce
  'packages',
  'coupon_packages',
  'recharge_offers',
  'vouchers',
  'orders',
  'payments',
  'balance_ledger',
  'pay_notifications',
  'sim_payments',
  // refunds (005)
  'order_deliveries',
  'refunds',
  'sim_refunds',
  // refund and invoice requests (038)
  'refund_requests',
  'invoice_requests',
  // tickets and agent applications (013)
  'tickets',
  'ticket_events',
  'ticket_messages',
  'agent_applications',
  // device shop and box binding tokens (016)
  'shop_products',
  'shop_orders',
  'binding_tokens',
  // wifi devices (008)
  'devices',
  'device_changes',
  'sim_devices',
  'sim_device_sims',
  'sim_device_clients',
  'sim_device_commands',
  // alerts and auto-renew (011); not scheduled_jobs: the app's own timers write its rows (a job's
  // first tick inserts one) whenever an interval passes — on a busy machine, inside a test's
  // "nothing written" window (auth's bad input once read scheduled_jobs 0 → 1); no request writes it
  'card_alert_settings',
  'card_notices',
  'sim_usage_extra',
  // smart diagnosis (010)
  'diagnoses',
  // the operator console (014)
  'operators',
  'operator_sessions',
  'audit_log',
  // membership and invitations (015)
  'member_programs',
  'member_levels',
  'member_growth',
  'invite_codes',
  'invites',
  // orders and money in the console (019)
  'balance_adjustments',
  // the console's agents and catalogue (018)
  'branding_images',
  'voucher_batches',
  // card passwords to hand out (022)
  'card_password_handouts',
  // carrier platform accounts (025)
  'carrier_accounts',
  // agents' commission (029)
  'commission_accounts',
  'commission_ledger',
  'commission_withdrawals',
  // errors reported by phones (030)
  'error_reports',
  // alerts in the messaging app (032)
  'messaging_app_tokens',
  'alert_recipients',
  'alert_deliveries',
  // tasks sent to an auto-configuration server (026)
  'acs_commands',
  // console writes made once (035)
  'admin_request_keys',
  // the firmware catalogue (034)
  'firmware_images',
  // the message centre (037)
  'holder_messages',
  // saved addresses (039)
  'holder_addresses',
  // no one moves money alone (041)
  'operator_ties',
  'commission_account_changes',
] as const;

/**
 * The 10th of next month, noon in Beijing: a start for a file whose seeded plans end with the month
 * (their end ~20 days ahead, whatever day the suite runs on — not within the last hour that renews
 * at once, nor a month away past a login's life) — `useTestApp(kind, {}, { today: midMonth() })`.
 * scripts/test/dates.sh runs such files as if today were the edges of a month and of a year.
 */
export function midMonth(): Date {
  const beijing = new Date(Date.now() + 8 * 3_600_000);
  return new Date(Date.UTC(beijing.getUTCFullYear(), beijing.getUTCMonth() + 1, 10, 4));
}

/**
 * `build`: what a test gives buildApp besides the configuration (e.g. a fake provider's transport);
 * `today`: the moment the file's clock starts at, before the demo data is seeded — for a file whose
 * checks depend on where in the month it runs (a plan that ends with the month, a login's life).
 */
export function useTestApp(
  kind: DbKind,
  overrides: Partial<Config> = {},
  { today, ...build }: Pick<BuildOptions, 'transport' | 'carrierGuard'> & { today?: Date } = {},
): TestApp {
  const t = {} as TestApp;
  let drop: (() => Promise<void>) | null = null;
  beforeAll(async () => {
    clock.reset();
    if (today) clock.advance(today.getTime() - clock.now().getTime());
    // the run's prepared database, copied, unless the file's clock asks for data of another day
    const own = kind === 'postgres' ? await pgDatabase(clock.now(), !!today) : sqliteCopy(clock.now(), !!today);
    const url = own.url;
    drop = async () => ('drop' in own ? await own.drop() : own.remove());
    const db = await connect(url);
    if (!own.seeded) {
      await migrate(db);
      await seedDemo(db, clock.now(), await demoHashesForTests());
    }
    const config: Config = {
      // the console's bulk jobs runner has no timer in tests: a test runs it when it wants the cards done
      ...loadConfig({
        NODE_ENV: 'test',
        PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST),
        BULK_JOBS_INTERVAL_SECONDS: '0',
        CARRIER_SYNC_INTERVAL_SECONDS: '0',
      }),
      databaseUrl: url,
      webDist: null,
      logLevel: 'silent',
      ...overrides,
    };
    const app = await buildApp({ ...build, db, config, logger: process.env.TEST_SERVER_LOG ? { level: 'warn' } : false });
    await app.ready();
    Object.assign(t, {
      app,
      db,
      config,
      inject: (o: InjectOptions) => app.inject(o),
      get: (url: string, token?: string) => app.inject({ method: 'GET', url, headers: token ? { authorization: `Bearer ${token}` } : {} }),
      post: (url: string, body: unknown, token?: string) =>
        app.inject({ method: 'POST', url, payload: body as object, headers: token ? { authorization: `Bearer ${token}` } : {} }),
      async loginAccount(account = DEMO.account, password = DEMO.password) {
        const res = await app.inject({ method: 'POST', url: '/api/v1/login', payload: { login_model: 'account', account, password } });
        if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`login failed: ${res.body}`);
        return res.json().data.token as string;
      },
      async loginCard(customNum: string, password = DEMO.cardPassword) {
        const res = await app.inject({
          method: 'POST',
          url: '/api/v1/login',
          payload: { login_model: 'customNum', custom_num: customNum, password },
        });
        if (res.statusCode !== 200 || res.json().code !== 0) throw new Error(`card login failed: ${res.body}`);
        return res.json().data.token as string;
      },
      async lastSmsCode(mobile: string) {
        const row = await db.kysely
          .selectFrom('sim_sms_outbox')
          .select('content')
          .where('mobile', '=', mobile)
          .orderBy('id', 'desc')
          .executeTakeFirst();
        const m = row && /(\d{6})/.exec(row.content);
        if (!m) throw new Error(`no SMS code sent to ${mobile}`);
        return m[1]!;
      },
      async snapshot() {
        const out: Record<string, number> = {};
        for (const table of TABLES) {
          const r = await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow();
          out[table] = Number(r.n);
        }
        return out;
      },
    });
  }, 60_000);
  afterAll(async () => {
    clock.reset();
    await t.app?.close();
    await t.db?.close();
    if (drop) await drop();
  });
  return t;
}

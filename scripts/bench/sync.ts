// `npm run bench:sync` — the carrier sync engine at scale (docs/decisions/0030, docs/capacity.md
// "Carrier sync"). BENCH_SYNC_CARDS cards (default 100,000) spread over three carrier accounts —
// two China Mobile OneLink accounts and one China Telecom CTWing account, each a fake platform in
// this process that checks tokens and signatures and refuses calls above the account's limit —
// synced by TWO portal processes on one PostgreSQL database, until every card has been read once.
//
// It fails (exit code 1) unless what the engine promises held: every card read in the round, the
// round inside the 55 minutes that keep a card fresh, no account above its limit in any ROLLING
// second at the platform (any 1,000 ms, as platforms count; the busiest one is reported), and one
// status query per card at each platform (every card read, none twice). It prints calls per
// account and the round's time.
//
// Limits: a real platform grants an account a few calls per second by default; at 5/s a round of
// 33,000 cards takes hours, which is the point of docs/capacity.md. The bench runs every account at
// BENCH_SYNC_CPS (default 100) — a limit the engine must keep exactly as it keeps 5 — and reports
// the time the same calls take at the platforms' published defaults.
//
// Needs PostgreSQL: BENCH_DATABASE_URL (or TEST_DATABASE_URL), a role that may create databases; a
// fresh database is created and dropped.
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { connect } from '../../apps/server/src/db/connect';
import { migrate } from '../../apps/server/src/db/migrate';
import { seedDemo } from '../../apps/server/src/db/seed';
import { ONELINK_LIMITS } from '../../apps/server/src/integrations/carrier/onelink/adapter';
import { startOneLinkFake, type FakeOneLink } from '../../apps/server/src/integrations/carrier/onelink/fake';
import { CTWING_LIMITS } from '../../apps/server/src/integrations/carrier/ctwing/adapter';
import { PATHS as CTWING_PATHS } from '../../apps/server/src/integrations/carrier/ctwing/client';
import { ctwingBenchLines, FakeCtwing } from '../../apps/server/src/integrations/carrier/ctwing/fake';
import { FRESH_MS } from '../../apps/server/src/modules/carriers/round';
import { killStarted, startPortalOn, type Started } from './processes';

const CARDS = Number(process.env.BENCH_SYNC_CARDS ?? 100_000);
const CPS = Number(process.env.BENCH_SYNC_CPS ?? 100);
const TIMEOUT_MS = Number(process.env.BENCH_SYNC_TIMEOUT_SECONDS ?? 3600) * 1000;
/** the sync job's interval in the portals (a run works for 90 % of it, then the next tick's run goes on) */
const INTERVAL_S = Number(process.env.BENCH_SYNC_INTERVAL_SECONDS ?? 20);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

interface Account {
  name: string;
  carrier: 'onelink' | 'ctwing';
  cards: number;
  /** the platform's published calls per second */
  published: number;
  /** the status query's path at the fake: one per card read */
  statusCalls(): number;
  total(): number;
  /** the busiest calendar second at the platform */
  peak(): number;
  /** the busiest rolling second (any 1,000 ms) at the platform */
  rolling(): number;
  entry: Record<string, unknown>;
  lines: { iccid: string; msisdn: string }[];
  close(): Promise<void>;
}

async function createDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  if (!ADMIN_URL) throw new Error('bench:sync needs PostgreSQL: set BENCH_DATABASE_URL (or TEST_DATABASE_URL)');
  const name = `portal_sync_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const u = new URL(ADMIN_URL);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: ADMIN_URL });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => {});
      await c.end();
    },
  };
}

async function oneLinkAccount(name: string, appid: string, cards: number): Promise<Account> {
  const fake: FakeOneLink = await startOneLinkFake({ appid, password: `pw-${appid}`, callsPerSecond: CPS });
  const lines = fake.bulkAdd(cards, (i) => ({ monthKb: (i % 997) * 1024 }));
  return {
    name,
    carrier: 'onelink',
    cards,
    published: ONELINK_LIMITS.callsPerSecond,
    statusCalls: () => fake.stats().byPath['/ec/query/sim-status'] ?? 0,
    total: () => fake.stats().total,
    peak: () => fake.stats().peakPerSecond,
    rolling: () => fake.stats().peakRollingSecond,
    entry: { name, carrier: 'onelink', base_url: fake.baseUrl, appid, password: `pw-${appid}`, calls_per_second: CPS },
    lines: lines.map((l) => ({ iccid: l.iccid, msisdn: l.msisdn ?? '' })),
    close: () => fake.close(),
  };
}

async function ctwingAccount(name: string, cards: number): Promise<Account> {
  const o = { appKey: 'bench-ak', secret: 'bench-secret-0123456789', custNumber: '6000000001', callsPerSecond: CPS };
  const fake = await FakeCtwing.start(o);
  const lines = [...ctwingBenchLines(cards)];
  fake.addLines(lines);
  return {
    name,
    carrier: 'ctwing',
    cards,
    published: CTWING_LIMITS.callsPerSecond,
    statusCalls: () => fake.calls().byPath[CTWING_PATHS.mainStatus] ?? 0,
    total: () => fake.calls().total,
    peak: () => fake.calls().peakPerSecond,
    rolling: () => fake.calls().peakRollingSecond,
    entry: {
      name,
      carrier: 'ctwing',
      base_url: fake.url,
      app_key: o.appKey,
      secret: o.secret,
      cust_number: o.custNumber,
      calls_per_second: CPS,
    },
    lines: lines.map((l) => ({ iccid: l.iccid, msisdn: l.accessNumber })),
    close: () => fake.close(),
  };
}

/** The accounts' cards in the portal's database: copies of the demo card 1000000001 with the lines' numbers. */
async function insertCards(url: string, accounts: Account[]): Promise<void> {
  const db = await connect(url);
  await migrate(db);
  await seedDemo(db, new Date());
  const rows = await db.kysely.selectFrom('carrier_accounts').select(['id', 'name']).execute();
  await db.close();
  // the accounts are declared by the portal at its start; create them here first so the cards can name them
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const cols = (
    await client.query<{ column_name: string }>(
      // generated columns (the identifiers reversed, 036) are the database's to fill
      `select column_name from information_schema.columns where table_name = 'cards' and is_generated = 'NEVER' order by ordinal_position`,
    )
  ).rows
    .map((r) => r.column_name)
    .filter(
      (c) =>
        ![
          'id',
          'custom_num',
          'iccid',
          'isdn',
          'carrier_account_id',
          'flow_synced_at',
          'sync_wanted_at',
          'bind_iccid',
          'import_batch_id',
          // the demo card's IMSI is not theirs: left empty, as an import without the column leaves it
          'imsi',
        ].includes(c),
    );
  let serial = 0;
  const now = new Date().toISOString();
  for (const a of accounts) {
    let id = rows.find((r) => r.name === a.name)?.id;
    if (id === undefined) {
      const r = await client.query<{ id: number }>(
        `insert into carrier_accounts (name, carrier, base_url, source, created_at, updated_at) values ($1, $2, '', 'file', $3, $3) returning id`,
        [a.name, a.carrier, now],
      );
      id = r.rows[0]!.id;
    }
    for (let i = 0; i < a.lines.length; i += 5000) {
      const chunk = a.lines.slice(i, i + 5000);
      const nums = chunk.map(() => `3${String(serial++).padStart(9, '0')}`);
      await client.query(
        `insert into cards (${cols.join(', ')}, custom_num, iccid, isdn, carrier_account_id, flow_synced_at, bind_iccid)
         select ${cols.map((c) => `t.${c}`).join(', ')}, x.num, x.iccid, x.msisdn, $4, '', ''
         from cards t, unnest($1::text[], $2::text[], $3::text[]) as x(num, iccid, msisdn)
         where t.custom_num = '1000000001'`,
        [nums, chunk.map((l) => l.iccid), chunk.map((l) => l.msisdn), id],
      );
    }
  }
  await client.end();
}

/** What the bench asserts; each failed one fails the bench. */
interface Check {
  ok: boolean;
  what: string;
}

async function main() {
  if (!Number.isInteger(CARDS) || CARDS < 3) throw new Error('BENCH_SYNC_CARDS: a whole number of at least 3');
  const t0 = Date.now();
  const third = Math.floor(CARDS / 3);
  const accounts = [
    await oneLinkAccount('移动-甲', '200001', third),
    await oneLinkAccount('移动-乙', '200002', third),
    await ctwingAccount('电信-丙', CARDS - 2 * third),
  ];
  const database = await createDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'portal-bench-sync-'));
  const file = join(dir, 'carriers.json');
  writeFileSync(file, JSON.stringify(accounts.map((a) => a.entry)));
  const portals: Started[] = [];
  try {
    console.log(
      `bench:sync — ${CARDS.toLocaleString('en')} cards, 3 accounts at ${CPS} calls/s each, 2 portal processes on PostgreSQL, a run every ${INTERVAL_S} s`,
    );
    await insertCards(database.url, accounts);
    console.log(`  cards inserted in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    const env = {
      CARRIER_ACCOUNTS_FILE: file,
      CARRIER_SYNC_INTERVAL_SECONDS: String(INTERVAL_S),
      SEED_DEMO: '0',
      LOG_LEVEL: 'warn',
      PG_POOL_MAX: '8',
    };
    const started = Date.now();
    const startedIso = new Date(started).toISOString();
    // BENCH_SYNC_CPU_PROFILE=<dir>: each portal writes a V8 CPU profile there when it stops (where a card's time goes)
    const profile = process.env.BENCH_SYNC_CPU_PROFILE;
    const nodeArgs = profile ? ['--cpu-prof', `--cpu-prof-dir=${profile}`] : [];
    portals.push(await startPortalOn(database.url, env, nodeArgs), await startPortalOn(database.url, env, nodeArgs));
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    let fresh = 0;
    let printed = 0;
    while (Date.now() - started < TIMEOUT_MS) {
      const r = await client.query<{ n: string }>(
        `select count(*) as n from cards where carrier_account_id <> 1 and flow_synced_at >= $1`,
        [startedIso],
      );
      fresh = Number(r.rows[0]!.n);
      if (fresh >= CARDS || Date.now() - printed >= 30_000) {
        printed = Date.now();
        const calls = accounts.map((a) => a.total().toLocaleString('en')).join(' / ');
        console.log(`  ${fresh.toLocaleString('en')} cards read after ${((Date.now() - started) / 1000).toFixed(0)} s (calls ${calls})`);
      }
      if (fresh >= CARDS) break;
      await new Promise((res) => setTimeout(res, 2000));
    }
    const seconds = (Date.now() - started) / 1000;
    const span = await client.query<{ first: string; last: string; fresh: string }>(
      `select min(flow_synced_at) as first, max(flow_synced_at) as last,
              sum(case when flow_synced_at >= $1 then 1 else 0 end) as fresh
       from cards where carrier_account_id <> 1`,
      [startedIso],
    );
    const health = await client.query<{ name: string; calls_ok: number; calls_failed: number }>(
      `select name, calls_ok, calls_failed from carrier_accounts where id <> 1 order by id`,
    );
    await client.end();
    const first = span.rows[0]!.first;
    const last = span.rows[0]!.last;
    const roundSeconds = first && last ? (Date.parse(last) - Date.parse(first)) / 1000 : NaN;
    console.log('');
    console.log(
      '| account | cards | calls | calls/card | status queries | busiest calendar second | busiest rolling second | limit | failed calls | the same calls at the published limit |',
    );
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
    const checks: Check[] = [
      { ok: Number(span.rows[0]!.fresh) === CARDS, what: `every card read in this round (${span.rows[0]!.fresh} of ${CARDS})` },
      {
        ok: roundSeconds * 1000 < FRESH_MS,
        what: `the round (first read to last) within the freshness target of ${FRESH_MS / 60_000} minutes (${roundSeconds.toFixed(0)} s)`,
      },
    ];
    for (const a of accounts) {
      const h = health.rows.find((r) => r.name === a.name);
      const total = a.total();
      const status = a.statusCalls();
      console.log(
        `| ${a.name} | ${a.cards.toLocaleString('en')} | ${total.toLocaleString('en')} | ${(total / a.cards).toFixed(2)} | ${status.toLocaleString('en')} | ${a.peak()} | ${a.rolling()} | ${CPS} | ${h?.calls_failed ?? '?'} | ${(total / a.published / 3600).toFixed(1)} h at ${a.published}/s |`,
      );
      checks.push({
        ok: a.rolling() <= CPS,
        what: `${a.name}: no rolling second above ${CPS} calls at the platform (busiest rolling second ${a.rolling()}, calendar second ${a.peak()})`,
      });
      // every card read (above) and as many status queries as cards: each card exactly once
      checks.push({ ok: status === a.cards, what: `${a.name}: one status query per card (${status} for ${a.cards})` });
    }
    console.log('');
    console.log(
      `round: ${fresh.toLocaleString('en')} of ${CARDS.toLocaleString('en')} cards, first read to last ${roundSeconds.toFixed(0)} s (${seconds.toFixed(0)} s from the processes' start) on two processes`,
    );
    for (const c of checks) console.log(`${c.ok ? 'ok  ' : 'FAIL'} ${c.what}`);
    if (checks.some((c) => !c.ok)) {
      console.log('NOT OK');
      process.exitCode = 1;
    } else console.log('OK: every card read once within the round, no account above its limit');
  } finally {
    for (const p of portals) await p.stop();
    for (const a of accounts) await a.close();
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

process.on('SIGINT', () => {
  killStarted();
  process.exit(130);
});
main().catch((err) => {
  killStarted();
  console.error(err);
  process.exit(1);
});

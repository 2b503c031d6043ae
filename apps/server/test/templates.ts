// The API suite's prepared databases: migrated and seeded once per run (apps/server/test/globalSetup.ts)
// instead of once per test file, then copied for each file — SQLite as a file copy, PostgreSQL
// by CREATE DATABASE … TEMPLATE. A copy is as much the file's own as a fresh database was.
//
// A file gets a copy only when the prepared data is what its own seed would have made: the same
// calendar day (the demo data is laid out around "today": usage days, plan ends, month starts) and
// no clock moved for it (useTestApp's `today`, or TEST_TODAY); otherwise it migrates and seeds its
// own, as before. Without the global setup (a file run some other way) every file seeds its own.
import { randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { DEMO, seedDemo } from '../src/db/seed';
import { hashPassword } from '../src/lib/password';

/**
 * The password hash cost of the API tests (PASSWORD_HASH_COST, NODE_ENV=test): thousands of logins
 * and imported cards at 2^17 would cost many minutes of CPU, and at 2^10 (2.5 ms a hash) the suite
 * still spent tens of seconds of a CPU-bound run hashing (a 5,000-card import alone 12.5 s). 2^4
 * checks the same thing — a salted scrypt hash, verified, rehashed when its cost differs — and the
 * production cost is checked where it matters (config.test.ts, password.test.ts). The demo passwords
 * are seeded at this cost too.
 */
export const TEST_PASSWORD_HASH_COST = 4;
let testDemoHashes: Promise<{ account: string; card: string }> | null = null;
/** the demo passwords hashed at the test cost, once per test process */
export function demoHashesForTests(): Promise<{ account: string; card: string }> {
  testDemoHashes ??= Promise.all([
    hashPassword(DEMO.password, TEST_PASSWORD_HASH_COST),
    hashPassword(DEMO.cardPassword, TEST_PASSWORD_HASH_COST),
  ]).then(([account, card]) => ({ account, card }));
  return testDemoHashes;
}

/** The calendar day of a seed, in UTC and in the holders' time zone (China): both must match. */
export function seedDay(at: Date): string {
  return `${at.toISOString().slice(0, 10)}/${at.toLocaleDateString('en-CA', { timeZone: 'Asia/Shanghai' })}`;
}

/** Where the global setup names what it prepared, for the test processes it starts. */
const ENV = {
  sqlite: 'API_TEST_SQLITE_TEMPLATE',
  postgres: 'API_TEST_PG_TEMPLATE',
  day: 'API_TEST_TEMPLATE_DAY',
} as const;

/** A fast place for the SQLite copies: memory-backed /dev/shm where there is one. */
function scratchDir(prefix: string): string {
  return mkdtempSync(join(existsSync('/dev/shm') ? '/dev/shm' : tmpdir(), prefix));
}

/** `postgres://…/name` from TEST_DATABASE_URL with another database name */
export function pgUrl(name: string): string {
  const u = new URL(process.env.TEST_DATABASE_URL!);
  u.pathname = `/${name}`;
  return u.toString();
}

/**
 * Creates a test database (empty, or a copy of `template`) whose commits do not wait for the disk
 * (`synchronous_commit = off`). A commit's fsync is 1.7 ms on this machine when it is quiet, and
 * tens of ms while a whole `npm test` writes beside it: the bulk-job test (thousands of commits)
 * took 17 s alone and over 180 s inside the run, where SQLite, which does not sync a commit in WAL
 * mode, did not slow down. What a test reads is the same — a commit is visible at once to every
 * session either way; only a crash of the database server itself would lose the last commits of a
 * test database, which no test needs to survive. Production keeps the server's setting.
 */
export async function createPgTestDatabase(name: string, template?: string): Promise<void> {
  await pgAdmin(async (query) => {
    await query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
    await query(`ALTER DATABASE ${name} SET synchronous_commit = off`);
  });
}

/** Runs statements on TEST_DATABASE_URL's database (where databases are created and dropped). */
export async function pgAdmin<T>(run: (query: (text: string) => Promise<unknown>) => Promise<T>): Promise<T> {
  const pg = await import('pg');
  const client = new pg.default.Client({ connectionString: process.env.TEST_DATABASE_URL! });
  await client.connect();
  try {
    return await run((text) => client.query(text));
  } finally {
    await client.end();
  }
}

/**
 * DROP DATABASE, waiting out an autovacuum worker that has just started on it: a role without
 * pg_signal_backend cannot terminate one (42501); it finishes in a moment.
 */
export async function dropPgDatabase(name: string): Promise<void> {
  await pgAdmin(async (query) => {
    for (let attempt = 1; ; attempt++) {
      try {
        await query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
        return;
      } catch (err) {
        if ((err as { code?: string }).code !== '42501' || attempt >= 20) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  });
}

export interface Prepared {
  /** names them in the environment of the test processes started after this */
  publish(): void;
  /** deletes them */
  remove(): Promise<void>;
}

/**
 * Once per run: a migrated and seeded SQLite file and, when TEST_DATABASE_URL is set, a
 * PostgreSQL database made the same way, to copy from. Seeded as useTestApp seeds (now, the demo
 * passwords at the test cost).
 */
export async function prepareTemplates(): Promise<Prepared> {
  const now = new Date();
  const hashes = await demoHashesForTests();
  const dir = scratchDir('portal-api-template-');
  const file = join(dir, 'template.db');
  const lite = await connect(file);
  try {
    await migrate(lite);
    await seedDemo(lite, now, hashes);
    // everything in the one file: a copy needs no -wal beside it
    await sql`PRAGMA wal_checkpoint(TRUNCATE)`.execute(lite.kysely);
  } finally {
    await lite.close();
  }

  let pgTemplate: string | null = null;
  if (process.env.TEST_DATABASE_URL) {
    const name = `portal_tpl_${randomBytes(6).toString('hex')}`;
    await createPgTestDatabase(name);
    pgTemplate = name;
    try {
      const pg = await connect(pgUrl(name));
      try {
        await migrate(pg);
        await seedDemo(pg, now, hashes);
      } finally {
        await pg.close();
      }
      // nobody connects to it again (CREATE DATABASE … TEMPLATE refuses a source in use, and
      // autovacuum skips a database that takes no connections)
      await pgAdmin((query) => query(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`));
    } catch (err) {
      await dropPgDatabase(name);
      rmSync(dir, { recursive: true, force: true });
      throw err;
    }
  }

  return {
    publish() {
      process.env[ENV.sqlite] = file;
      process.env[ENV.day] = seedDay(now);
      if (pgTemplate) process.env[ENV.postgres] = pgTemplate;
    },
    async remove() {
      rmSync(dir, { recursive: true, force: true });
      if (pgTemplate) await dropPgDatabase(pgTemplate);
    },
  };
}

/**
 * A moment of the calendar day the run's prepared data was seeded on (see seedDay), or now when
 * nothing was prepared: a test of the copies asks for that day, so a run that crosses midnight
 * (UTC or China) still copies rather than seeding afresh.
 */
export function momentOfPreparedDay(): Date {
  const day = process.env[ENV.day];
  if (!day) return new Date();
  const [utc, china] = day.split('/');
  // China is 8 hours ahead: noon UTC is the same date there, 20:00 UTC the next one
  return new Date(`${utc}T${utc === china ? '12' : '20'}:00:00Z`);
}

/** whether the run's prepared data is what a seed at `seedAt` would make (see the top of the file) */
function usable(seedAt: Date, movedClock: boolean): boolean {
  return !movedClock && !process.env.TEST_TODAY && process.env[ENV.day] === seedDay(seedAt);
}

/**
 * A SQLite database of the file's own: a copy of the run's prepared file when usable (`seeded`
 * true), else a new empty ':memory:' database for the caller to migrate and seed.
 */
export function sqliteCopy(seedAt: Date, movedClock: boolean): { url: string; seeded: boolean; remove(): void } {
  const template = process.env[ENV.sqlite];
  if (!template || !existsSync(template) || !usable(seedAt, movedClock)) return { url: ':memory:', seeded: false, remove() {} };
  const dir = scratchDir('portal-api-');
  const url = join(dir, 'portal.db');
  copyFileSync(template, url);
  return { url, seeded: true, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * A PostgreSQL database of the file's own: CREATE DATABASE … TEMPLATE the run's prepared one when
 * usable (`seeded` true), else an empty one for the caller to migrate and seed.
 */
export async function pgDatabase(seedAt: Date, movedClock: boolean): Promise<{ url: string; seeded: boolean; drop(): Promise<void> }> {
  const template = process.env[ENV.postgres];
  const seeded = !!template && usable(seedAt, movedClock);
  const name = `portal_t_${randomBytes(6).toString('hex')}`;
  await createPgTestDatabase(name, seeded ? template : undefined);
  return { url: pgUrl(name), seeded, drop: () => dropPgDatabase(name) };
}

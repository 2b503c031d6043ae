// Several server processes on one database (docs/decisions/0017): start-up together on an empty
// database (migrated once, seeded once), an upgrade from the hand-written runner's record,
// request ids, the clean-up job, and PostgreSQL connections cut under load.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql, type Kysely } from 'kysely';
import { Code } from '@portal/contract/codes';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate, migrationNames } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { createPgDatabase, databases, useTestApp, type DbKind } from './harness';

/** The tables of the migrations' record, old and new (not in the app's schema) */
interface MigrationTables {
  kysely_migration: { name: string; timestamp: string };
  schema_migrations: { name: string; applied_at: string };
}

const WORKER = fileURLToPath(new URL('./startupWorker.ts', import.meta.url));
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** An empty database of the kind: a fresh PostgreSQL database, or a SQLite file in a temp folder. */
async function emptyDatabase(kind: DbKind): Promise<{ url: string; drop(): Promise<void> }> {
  if (kind === 'postgres') return createPgDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'portal-procs-'));
  return { url: join(dir, 'portal.db'), drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

interface WorkerResult {
  applied: string[];
  seeded: boolean;
}

/** Starts the workers, lets them all load, then sends "go" to all at once; their results. */
async function startTogether(url: string, count: number): Promise<WorkerResult[]> {
  const workers = Array.from({ length: count }, () => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: { ...process.env, DATABASE_URL: url },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += String(d)));
    child.stderr.on('data', (d) => (err += String(d)));
    const ready = new Promise<void>((resolve, reject) => {
      const poll = setInterval(() => {
        if (out.includes('ready\n')) {
          clearInterval(poll);
          resolve();
        }
      }, 20);
      child.once('exit', (code) => {
        clearInterval(poll);
        reject(new Error(`worker exited (${code}) before ready: ${err}`));
      });
    });
    const done = new Promise<WorkerResult>((resolve, reject) => {
      child.once('exit', (code) => {
        const line = out.split('\n').find((l) => l.startsWith('{'));
        if (code === 0 && line) resolve(JSON.parse(line) as WorkerResult);
        else reject(new Error(`worker failed (${code}): ${err}`));
      });
    });
    return { child, ready, done };
  });
  await Promise.all(workers.map((w) => w.ready));
  for (const w of workers) w.child.stdin.write('go\n');
  return Promise.all(workers.map((w) => w.done));
}

describe.each(databases())('processes on one database: %s', (kind) => {
  it('two processes starting together on an empty database: migrated once, seeded once', async () => {
    const { url, drop } = await emptyDatabase(kind);
    try {
      const results = await startTogether(url, 2);
      const applied = results.flatMap((r) => r.applied);
      // every migration ran, each in exactly one of the processes
      expect([...applied].sort()).toEqual(migrationNames());
      expect(results.filter((r) => r.seeded)).toHaveLength(1);

      const db = await connect(url);
      try {
        const k = db.kysely as unknown as Kysely<MigrationTables>;
        const recorded = await k.selectFrom('kysely_migration').select('name').orderBy('name').execute();
        expect(recorded.map((r) => r.name)).toEqual(migrationNames());
        const agents = await db.kysely.selectFrom('agents').select('mark').orderBy('mark').execute();
        expect(agents.map((a) => a.mark)).toEqual(['acme', 'demo']);
        // a third start finds nothing to do
        expect(await migrate(db)).toEqual([]);
        expect(await seedDemo(db)).toBe(false);
      } finally {
        await db.close();
      }
    } finally {
      await drop();
    }
  }, 120_000);

  it('a database migrated by the old runner (schema_migrations) is adopted once, nothing re-run', async () => {
    const { url, drop } = await emptyDatabase(kind);
    const db = await connect(url);
    try {
      await migrate(db);
      await seedDemo(db);
      // the state the hand-written runner left: its own table, no Migrator tables
      const k = db.kysely as unknown as Kysely<MigrationTables>;
      await k.schema.dropTable('kysely_migration').execute();
      await k.schema.dropTable('kysely_migration_lock').execute();
      await k.schema
        .createTable('schema_migrations')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('applied_at', 'text', (c) => c.notNull())
        .execute();
      const names = migrationNames();
      await k
        .insertInto('schema_migrations')
        .values(names.map((name, i) => ({ name, applied_at: new Date(Date.UTC(2025, 0, 1, 0, i)).toISOString() })))
        .execute();

      // re-running any migration would fail (its tables exist): nothing is applied
      expect(await migrate(db)).toEqual([]);
      const moved = await k.selectFrom('kysely_migration').select(['name', 'timestamp']).orderBy('name').execute();
      expect(moved.map((r) => r.name)).toEqual(names);
      expect(moved[0]!.timestamp).toBe('2025-01-01T00:00:00.000Z');
      const legacy =
        kind === 'postgres'
          ? await sql<{ n: number }>`select count(*) as n from information_schema.tables where table_name = 'schema_migrations'`.execute(k)
          : await sql<{ n: number }>`select count(*) as n from sqlite_master where name = 'schema_migrations'`.execute(k);
      expect(Number(legacy.rows[0]!.n)).toBe(0);
      expect(await migrate(db)).toEqual([]);
    } finally {
      await db.close();
      await drop();
    }
  }, 60_000);
});

describe.each(databases())('request ids: %s', (kind) => {
  const t = useTestApp(kind);

  it('every answer carries a fresh UUID in x-request-id, a client cannot choose it', async () => {
    const a = await t.inject({ method: 'GET', url: '/healthz' });
    const b = await t.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    const c = await t.inject({ method: 'GET', url: `/api/v1/upload/${'a'.repeat(101)}` });
    const forged = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'client-picked-0001' } });
    const ids = [a, b, c, forged].map((r) => r.headers['x-request-id']);
    for (const id of ids) expect(id).toMatch(UUID);
    expect(new Set(ids).size).toBe(4);
    expect(b.statusCode).toBe(404);
    expect(c.statusCode).toBe(414);
  });

  it('a login error in the envelope names its request id too', async () => {
    const res = await t.post('/api/v1/login', { login_model: 'account', account: 'demo', password: 'wrong-password' });
    expect(res.json().code).not.toBe(0);
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe('request ids behind a trusted proxy', () => {
  const behind = useTestApp('sqlite', { trustProxy: ['127.0.0.1'] });
  const hops = useTestApp('sqlite', { trustProxy: 1 });
  const elsewhere = useTestApp('sqlite', { trustProxy: ['10.0.0.0/8'] });

  it.each([
    ['a UUID', '0b6f3a52-2f0e-4c1e-9d4b-7f7d1b2a9e10', true],
    ["nginx's $request_id", '7d3f0c9a1b2e4f5a8c6d0e1f2a3b4c5d', true],
    ['too short', 'abc', false],
    ['spaces and markup', 'id <script>alert(1)</script>', false],
    ['too long', 'a'.repeat(129), false],
  ])('%s from the proxy: believed = %s', async (_what, given, believed) => {
    for (const t of [behind, hops]) {
      const res = await t.inject({ method: 'GET', url: '/healthz', headers: { 'x-request-id': given } });
      if (believed) expect(res.headers['x-request-id']).toBe(given);
      else expect(res.headers['x-request-id']).toMatch(UUID);
    }
  });

  it('a well-formed id from a peer that is not a trusted proxy is replaced', async () => {
    const res = await elsewhere.inject({
      method: 'GET',
      url: '/healthz',
      headers: { 'x-request-id': '0b6f3a52-2f0e-4c1e-9d4b-7f7d1b2a9e10' },
    });
    expect(res.headers['x-request-id']).not.toBe('0b6f3a52-2f0e-4c1e-9d4b-7f7d1b2a9e10');
    expect(res.headers['x-request-id']).toMatch(UUID);
  });
});

describe.each(databases())('the clean-up job: %s', (kind) => {
  const t = useTestApp(kind);
  afterAll(() => clock.reset());

  it('deletes sessions, SMS codes, throttle rows and day-old console request keys, in batches; keeps the rest', async () => {
    const token = await t.loginAccount();
    const k = t.db.kysely;
    const user = await k.selectFrom('users').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();
    const now = Date.now();
    const iso = (ms: number) => new Date(now + ms).toISOString();
    const DAY = 86_400_000;
    const grace = t.config.cleanupGraceMs;
    const tag = randomBytes(3).toString('hex');
    const session = (name: string, expires: string) => ({
      token_hash: `cleanup-${tag}-${name}`,
      user_id: user.id,
      custom_num: '',
      login_model: 'account',
      mark: 'demo',
      created_at: iso(-60 * DAY),
      expires_at: expires,
      replaced_at: null,
      revoked_at: null,
    });
    // more old rows than one batch (500), to see the batches repeat
    const old = Array.from({ length: 1203 }, (_, i) => session(`old-${i}`, iso(-grace - DAY - i * 1000)));
    for (let i = 0; i < old.length; i += 400)
      await k
        .insertInto('sessions')
        .values(old.slice(i, i + 400))
        .execute();
    await k
      .insertInto('sessions')
      .values([session('recent', iso(-grace + DAY)), session('live', iso(DAY))])
      .execute();
    const code = (mobile: string, expires: string) => ({
      mobile,
      purpose: 'login',
      subject: '',
      code_hash: 'x',
      attempts: 0,
      created_at: iso(-60 * DAY),
      expires_at: expires,
      used_at: null,
    });
    await k
      .insertInto('sms_codes')
      .values([code(`199${tag}01`, iso(-grace - DAY)), code(`199${tag}02`, iso(-grace - 2 * DAY)), code(`199${tag}03`, iso(-60_000))])
      .execute();
    await k
      .insertInto('throttles')
      .values([
        { key: `cleanup:${tag}:old`, count: 3, window_ends_at: iso(-grace - DAY), locked_until: null },
        { key: `cleanup:${tag}:old-lock`, count: 5, window_ends_at: iso(-grace - 2 * DAY), locked_until: iso(-grace - DAY) },
        // an old window but a lock still running (or only just over): kept
        { key: `cleanup:${tag}:locked`, count: 5, window_ends_at: iso(-grace - DAY), locked_until: iso(DAY) },
        { key: `cleanup:${tag}:recent`, count: 1, window_ends_at: iso(-60_000), locked_until: null },
      ])
      .execute();

    // the console's request keys (docs/decisions/0041) are kept a day, whatever the grace: more than a batch of old ones
    const requestKey = (key: string, created: string) => ({
      operator_id: 1,
      key: `${tag}${key}`,
      endpoint: 'adminSeriesSave',
      body_hash: 'x',
      state: 'done' as const,
      created_at: created,
    });
    const oldKeys = Array.from({ length: 1003 }, (_, i) => requestKey(`old${i}`, iso(-DAY - 60_000 - i * 1000)));
    for (let i = 0; i < oldKeys.length; i += 400)
      await k
        .insertInto('admin_request_keys')
        .values(oldKeys.slice(i, i + 400))
        .execute();
    await k
      .insertInto('admin_request_keys')
      .values([requestKey('recent', iso(-DAY + 3_600_000))])
      .execute();

    const run = await t.app.jobs.runNow<{ sessions: number; smsCodes: number; throttles: number }>('auth.cleanup');
    expect(run).toEqual({ ran: true, result: { sessions: 1203, smsCodes: 2, throttles: 2, requestKeys: 1003 } });
    const keys = await k.selectFrom('admin_request_keys').select('key').where('key', 'like', `${tag}%`).execute();
    expect(keys.map((r) => r.key)).toEqual([`${tag}recent`]);

    const sessions = await k.selectFrom('sessions').select('token_hash').where('token_hash', 'like', `cleanup-${tag}-%`).execute();
    expect(sessions.map((s) => s.token_hash).sort()).toEqual([`cleanup-${tag}-live`, `cleanup-${tag}-recent`]);
    const codes = await k.selectFrom('sms_codes').select('mobile').where('mobile', 'like', `199${tag}%`).execute();
    expect(codes.map((c) => c.mobile)).toEqual([`199${tag}03`]);
    const throttles = await k.selectFrom('throttles').select('key').where('key', 'like', `cleanup:${tag}:%`).orderBy('key').execute();
    expect(throttles.map((r) => r.key)).toEqual([`cleanup:${tag}:locked`, `cleanup:${tag}:recent`]);
    // the logged-in session is untouched
    expect((await t.get('/api/v1/card/bind_list', token)).json().code).toBe(0);

    // nothing left to do: a second run deletes nothing
    expect(await t.app.jobs.runNow('auth.cleanup')).toEqual({
      ran: true,
      result: { sessions: 0, smsCodes: 0, throttles: 0, requestKeys: 0 },
    });
  });
});

// PostgreSQL only (SQLite has no connections to cut): the suite runs it when TEST_DATABASE_URL is set
describe.each(databases().filter((k) => k === 'postgres'))('connections cut under load: %s', () => {
  let db: Db;
  let drop: () => Promise<void>;
  let url: string;
  let app: Awaited<ReturnType<typeof buildApp>>;

  afterAll(async () => {
    await app?.close();
    await db?.close();
    await drop?.();
  });

  /** From a second connection: end every other backend on the test database; how many. */
  async function cutConnections(): Promise<number> {
    const pg = await import('pg');
    const c = new pg.default.Client({ connectionString: url });
    await c.connect();
    try {
      const res = await c.query(
        'select count(*) filter (where pg_terminate_backend(pid)) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()',
      );
      return Number(res.rows[0].n);
    } finally {
      await c.end();
    }
  }

  it('requests in flight fail in the envelope, the pool recovers by itself, the next requests succeed', async () => {
    ({ url, drop } = await createPgDatabase());
    db = await connect(url);
    await migrate(db);
    await seedDemo(db);
    const config = { ...loadConfig({}), databaseUrl: url, webDist: null, logLevel: 'silent' };
    app = await buildApp({ db, config, logger: false });
    // a request that is surely in flight when the connections are cut: a slow query
    app.get('/test/slow', async () => {
      await sql`select pg_sleep(5)`.execute(db.kysely);
      return { code: 0, message: 'ok', data: null };
    });
    await app.ready();

    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { login_model: 'account', account: 'demo', password: 'demo1234' },
    });
    const token = login.json().data.token as string;
    const cardInfo = () =>
      app.inject({ method: 'GET', url: '/api/v2/card/info?custom_num=1000000001', headers: { authorization: `Bearer ${token}` } });
    expect((await cardInfo()).json().code).toBe(0);

    // load: 16 clients asking for card info back to back while the connections are cut twice
    const answers: { status: number; body: string }[] = [];
    let storming = true;
    const clients = Array.from({ length: 16 }, async () => {
      while (storming) {
        const res = await cardInfo();
        answers.push({ status: res.statusCode, body: res.body });
      }
    });
    let cut1: number | undefined;
    let cut2: number | undefined;
    let slowRes: Awaited<ReturnType<typeof cardInfo>>;
    let slowAfterCut: number | undefined;
    try {
      const slow = app.inject({ method: 'GET', url: '/test/slow' });
      await new Promise((r) => setTimeout(r, 400));
      cut1 = await cutConnections();
      const cutDone = Date.now();
      slowRes = await slow;
      slowAfterCut = Date.now() - cutDone;
      await new Promise((r) => setTimeout(r, 300));
      cut2 = await cutConnections();
      await new Promise((r) => setTimeout(r, 300));
    } finally {
      // whatever failed above, the clients stop before the app is closed (else they ask a closed app)
      storming = false;
      await Promise.all(clients);
    }

    expect(cut1).toBeGreaterThan(0);
    expect(cut2).toBeGreaterThan(0);
    // the slow request failed at once, cleanly: 503 in the envelope, no stack, no hang
    expect(slowRes.statusCode).toBe(503);
    expect(slowRes.json()).toEqual({ code: Code.INTERNAL, message: '服务繁忙，请稍后重试', data: null });
    // …when its connection was cut, not when its 5 s sleep would have ended
    expect(slowAfterCut).toBeLessThan(2000);
    // every answer under load: a success, or a 5xx in the envelope
    expect(answers.length).toBeGreaterThan(16);
    for (const a of answers) {
      const body = JSON.parse(a.body) as { code: number; message: string; data: unknown };
      if (a.status === 200) expect(body.code).toBe(0);
      else {
        expect(a.status).toBeGreaterThanOrEqual(500);
        expect(body).toEqual({ code: Code.INTERNAL, message: expect.any(String), data: null });
        expect(a.body).not.toMatch(/stack|Error:|terminat/i);
      }
    }

    // recovery without a restart: within seconds, requests succeed again, many at once (the bound
    // leaves room for a loaded CI machine, where opening ten connections anew takes seconds)
    const started = Date.now();
    for (;;) {
      const batch = await Promise.all(Array.from({ length: 16 }, cardInfo));
      if (batch.every((r) => r.statusCode === 200 && r.json().code === 0)) break;
      expect(Date.now() - started).toBeLessThan(20_000);
      await new Promise((r) => setTimeout(r, 100));
    }
    expect((await app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  }, 60_000);
});

// Backups that restore (docs/decisions/0033-metrics-overload-backups.md): `npm run backup` in a second
// process while this one keeps writing — recharges paid through the gateway's notification (order,
// payment, ledger row, notification audit) and console audit rows —, then the data folder wiped and
// `npm run restore` into it. Everything committed before the backup began is there, the copy is one
// consistent moment (every balance is the sum of its ledger), and the portal starts on it.
// `npm run restore` refuses a folder that is not empty. (PostgreSQL: pg_dump / base backups, README.)
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { connect, type Db } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { seedDemo } from '../src/db/seed';
import { recordAudit } from '../src/modules/admin';
import { notify, rid, sandboxOf } from './commerceHelpers';
import { demoHashesForTests, TEST_PASSWORD_HASH_COST, type TestApp } from './harness';

const run = promisify(execFile);
const repoRoot = resolve(import.meta.dirname, '../../..');
const TABLES = ['cards', 'orders', 'payments', 'balance_ledger', 'audit_log', 'pay_notifications'] as const;

/** `npm run <script> -- <args>` as an operator runs it, on DATABASE_URL */
async function npmRun(script: 'backup' | 'restore', databaseUrl: string, ...args: string[]) {
  return run('npm', ['run', '--silent', script, '--', ...args], {
    cwd: repoRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
  }).then(
    (r) => ({ code: 0, out: r.stdout + r.stderr }),
    (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, out: e.stdout + e.stderr }),
  );
}

async function maxIds(db: Db): Promise<Record<(typeof TABLES)[number], number>> {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.max<number>('id').as('m'))
      .executeTakeFirstOrThrow();
    out[table] = Number(row.m ?? 0);
  }
  return out;
}

async function countUpTo(db: Db, ids: Record<(typeof TABLES)[number], number>) {
  const out = {} as Record<(typeof TABLES)[number], number>;
  for (const table of TABLES) {
    const row = await db.kysely
      .selectFrom(table)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '<=', ids[table])
      .executeTakeFirstOrThrow();
    out[table] = Number(row.n);
  }
  return out;
}

describe('backup and restore of the embedded database', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  const dataDir = join(dir, 'data');
  const databaseUrl = join(dataDir, 'portal.db');
  let db: Db;
  let app: FastifyInstance;
  let t: TestApp;

  beforeAll(async () => {
    db = await connect(databaseUrl);
    await migrate(db);
    await seedDemo(db, new Date(), await demoHashesForTests());
    const config = {
      ...loadConfig({ NODE_ENV: 'test', PASSWORD_HASH_COST: String(TEST_PASSWORD_HASH_COST), CARRIER_SYNC_INTERVAL_SECONDS: '0' }),
      databaseUrl,
      webDist: null,
      payReconcileIntervalMs: 0,
      paySandboxDropNotify: true,
    };
    app = await buildApp({ db, config, logger: false });
    await app.ready();
    const inject = app.inject.bind(app);
    t = { app, db, config, inject } as unknown as TestApp;
  });
  afterAll(async () => {
    await app?.close();
    await db?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('backs up under write load, restores into an empty folder, and finds every row with balances = Σ ledger', async () => {
    const login = await app.inject({
      method: 'POST',
      url: '/api/v1/login',
      payload: { login_model: 'account', account: 'demo', password: 'demo1234' },
    });
    const token = login.json().data.token as string;
    const sandbox = sandboxOf(t);
    const cards = ['1000000001'];
    let stop = false;
    let written = 0;
    // the write load: recharges paid by notification, and console audit rows, until the backup is done
    const load = (async () => {
      for (let i = 0; !stop; i++) {
        const order = await app.inject({
          method: 'POST',
          url: '/api/v1/order/create',
          headers: { authorization: `Bearer ${token}` },
          payload: { custom_num: cards[i % cards.length], goods_type: 'recharge', amount: 10, pay_channel: 1, request_id: rid() },
        });
        const o = order.json().data;
        if (!o) throw new Error(`order refused: ${order.body}`);
        const row = (await sandbox.finish(o.pay.url.split('/').pop(), 'pay', { drop: true }))!;
        expect((await notify(t, 1, sandbox.notificationFor(row))).json().data.result).toBe('success');
        await db.kysely.transaction().execute((trx) =>
          recordAudit(
            trx,
            { id: null, username: 'backup-test', role: 'admin', agentId: null, requestId: rid(), ip: '127.0.0.1' },
            {
              action: 'balance.adjust',
              target: { type: 'order', id: o.order_no },
            },
          ),
        );
        written++;
      }
    })();
    // some writes first, then the backup from another process while the writes go on
    let failed: unknown;
    load.catch((err) => (failed = err));
    while (written < 5 && !failed) await new Promise((r) => setTimeout(r, 10));
    if (failed) throw failed;
    const before = await maxIds(db);
    const backupFile = join(dir, 'backups', 'portal.db');
    const writtenAtStart = written;
    const backedUp = await npmRun('backup', databaseUrl, backupFile);
    const writtenDuring = written - writtenAtStart;
    stop = true;
    await load;
    expect(backedUp.code, backedUp.out).toBe(0);
    expect(backedUp.out).toContain(`backup written: ${backupFile}`);
    // the portal went on writing while the backup ran beside it
    expect(writtenDuring).toBeGreaterThan(0);
    const after = await maxIds(db);
    const countsBefore = await countUpTo(db, before);
    for (const table of TABLES) expect(countsBefore[table], table).toBeGreaterThan(0);
    await app.close();
    await db.close();

    // a non-empty data folder is refused, and left as it was
    const refused = await npmRun('restore', databaseUrl, backupFile);
    expect(refused.code).not.toBe(0);
    expect(refused.out).toMatch(/data folder .* is not empty/);
    expect(existsSync(databaseUrl)).toBe(true);

    // the machine is lost: the data folder wiped
    rmSync(dataDir, { recursive: true, force: true });
    const restored = await npmRun('restore', databaseUrl, backupFile);
    expect(restored.code, restored.out).toBe(0);
    expect(readdirSync(dataDir)).toEqual(['portal.db']);

    const back = await connect(databaseUrl);
    try {
      const ids = await maxIds(back);
      for (const table of TABLES) {
        // every row committed before the backup began is there, with nothing missing below it
        expect(ids[table], table).toBeGreaterThanOrEqual(before[table]);
        expect(ids[table], table).toBeLessThanOrEqual(after[table]);
      }
      expect(await countUpTo(back, before)).toEqual(countsBefore);
      // one consistent moment: every card's balance is the sum of its ledger, every paid order has its payment
      const balances = await back.kysely.selectFrom('cards').select(['id', 'balance_fen']).execute();
      const sums = await back.kysely
        .selectFrom('balance_ledger')
        .select(['card_id', (eb) => eb.fn.sum<number>('amount_fen').as('s')])
        .groupBy('card_id')
        .execute();
      const sumOf = new Map(sums.map((r) => [r.card_id, Number(r.s)]));
      for (const c of balances) expect(c.balance_fen, `card ${c.id}`).toBe(sumOf.get(c.id) ?? 0);
      const unpaid = await back.kysely
        .selectFrom('orders')
        .leftJoin('payments', 'payments.order_no', 'orders.order_no')
        .select('orders.order_no')
        .where('orders.pay_channel', '=', 1)
        .where('orders.state', 'in', ['paid', 'fulfilled'])
        .where('payments.id', 'is', null)
        .execute();
      expect(unpaid).toEqual([]);
    } finally {
      await back.close();
    }

    // the portal starts on the restored database and knows its cards
    const again = await connect(databaseUrl);
    await migrate(again);
    const config = { ...t.config };
    const restoredApp = await buildApp({ db: again, config, logger: false });
    try {
      const relogin = await restoredApp.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { login_model: 'account', account: 'demo', password: 'demo1234' },
      });
      const info = await restoredApp.inject({
        method: 'GET',
        url: '/api/v2/card/info?custom_num=1000000001',
        headers: { authorization: `Bearer ${relogin.json().data.token}` },
      });
      expect(info.json().code).toBe(0);
    } finally {
      await restoredApp.close();
      await again.close();
    }
  }, 120_000); // a backup under write load, then a restore: seconds alone, past 30 s once beside the journeys

  it('restore refuses a missing file and a file that is not a portal database', async () => {
    const empty = join(dir, 'empty-data', 'portal.db');
    expect((await npmRun('restore', empty, join(dir, 'nope.db'))).out).toContain('no backup at');
    const junk = join(dir, 'junk.db');
    writeFileSync(junk, 'not a database at all, just text');
    const r = await npmRun('restore', empty, junk);
    expect(r.code).not.toBe(0);
    expect(existsSync(empty)).toBe(false);
  });

  it('backup on PostgreSQL points to pg_dump and the README instead of pretending', async () => {
    const r = await npmRun('backup', 'postgres://portal:secret@127.0.0.1:5432/portal');
    expect(r.code).not.toBe(0);
    expect(r.out).toContain('pg_dump');
    expect(r.out).not.toContain('secret');
  });
});

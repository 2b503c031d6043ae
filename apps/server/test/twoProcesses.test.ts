// Two server processes on one PostgreSQL, driven alternately over HTTP (docs/decisions/0017):
// a session made on one works on the other, rate limits are shared, the reconciler of the two asks
// the gateway about each pending order once per tick, every payment is credited once — and after
// `kill -9` of one in the middle of a storm of logins and payments, the other finishes, a restart
// catches up, and every card's balance equals the sum of its ledger with no paid payment unfulfilled.
//
// PostgreSQL only: two processes on one SQLite file is not a deployment we offer (0017). Like the
// connection-cut test in processes.test.ts, the describe exists only when TEST_DATABASE_URL names a
// PostgreSQL server; without it the file holds no test at all rather than a skipped one.
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Code } from '@portal/contract/codes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connect, type Db } from '../src/db/connect';
import { DEMO } from '../src/db/seed';
import { clock } from '../src/lib/clock';
import { createPgDatabase, databases, useTestApp } from './harness';
import { freePort } from './ports';
import { serverEntry } from '../../../scripts/test/serverEntry';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** the reconciler's interval: long enough that its own timer never fires during the test; ticks are made by moving the clock */
const TICK_MS = 600_000;
const RECONCILE = 'payments.reconcile';
/** the demo holder's cards the storm recharges */
const CARDS = ['1000000001', '1000000002', '1000000013'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Proc {
  name: string;
  port: number;
  child: ChildProcess | null;
  log: string;
}

/** One client address per simulated phone: the processes trust the loopback proxy's X-Forwarded-For. */
type Headers = Record<string, string>;

describe.each(databases().filter((k) => k === 'postgres'))('two server processes on one %s', () => {
  let url = '';
  let drop: () => Promise<void> = async () => {};
  let db: Db;
  const procs: Proc[] = [];

  async function start(p: Proc): Promise<void> {
    p.log = '';
    const child = spawn(process.execPath, serverEntry(ROOT), {
      cwd: ROOT,
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(p.port),
        HOST: '127.0.0.1',
        DATABASE_URL: url,
        WEB_DIST: '',
        LOG_LEVEL: 'warn',
        SIM_CONTROLS: '1',
        TRUST_PROXY: '127.0.0.1',
        PASSWORD_HASH_COST: '10',
        PG_POOL_MAX: '5',
        PAY_RECONCILE_INTERVAL_SECONDS: String(TICK_MS / 1000),
        PAY_QUERY_AFTER_SECONDS: '0',
        PAY_ORDER_TTL_MINUTES: '240',
        PAY_SANDBOX_NOTIFY_DELAY_MS: '30',
        PAY_SANDBOX_NOTIFY_COPIES: '2',
        ALERTS_INTERVAL_SECONDS: '0',
        CLEANUP_INTERVAL_SECONDS: '0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (p.log += String(d)));
    child.stderr!.on('data', (d) => (p.log += String(d)));
    p.child = child;
    const until = Date.now() + 60_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${p.name} exited (${child.exitCode}): ${p.log}`);
      try {
        const res = await fetch(`http://127.0.0.1:${p.port}/readyz`);
        if (res.status === 200) return;
      } catch {
        // not listening yet
      }
      if (Date.now() > until) throw new Error(`${p.name} did not become ready: ${p.log}`);
      await sleep(100);
    }
  }

  function kill9(p: Proc): Promise<void> {
    const child = p.child!;
    p.child = null;
    return new Promise((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }

  async function call(p: Proc, method: string, path: string, o: { body?: unknown; token?: string; headers?: Headers } = {}) {
    const headers: Headers = { ...o.headers };
    if (o.token) headers.authorization = `Bearer ${o.token}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(`http://127.0.0.1:${p.port}${path}`, {
      method,
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal: AbortSignal.timeout(20_000),
    });
    const text = await res.text();
    return { status: res.status, body: text, json: () => JSON.parse(text) as { code: number; message: string; data: any } };
  }

  /** an API call expected to succeed (code 0): its data */
  async function ok(p: Proc, method: string, path: string, o: { body?: unknown; token?: string; headers?: Headers } = {}) {
    const res = await call(p, method, path, o);
    expect(res.status, `${p.name} ${method} ${path}: ${res.body}`).toBe(200);
    expect(res.json().code, `${p.name} ${method} ${path}: ${res.body}`).toBe(0);
    return res.json().data;
  }

  const login = (p: Proc, headers: Headers) =>
    ok(p, 'POST', '/api/v1/login', { body: { login_model: 'account', account: DEMO.account, password: DEMO.password }, headers }).then(
      (d) => d.token as string,
    );

  let seq = 0;
  const requestId = () => `tp${Date.now().toString(36)}${(seq++).toString(36)}xxxx`;

  const createRecharge = (p: Proc, token: string, customNum: string, headers: Headers = {}) =>
    ok(p, 'POST', '/api/v1/order/create', {
      body: { custom_num: customNum, goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: requestId() },
      token,
      headers,
    }) as Promise<{ order_no: string; pay: { url: string }; credit: number }>;

  /** the cashier's 确认支付 button, posted to a process's payment sandbox */
  async function pay(p: Proc, payUrl: string): Promise<void> {
    const id = /\/sim\/pay\/cashier\/([^/?#]+)/.exec(payUrl)![1]!;
    const res = await fetch(`http://127.0.0.1:${p.port}/sim/pay/cashier/${id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'action=pay',
      redirect: 'manual',
      signal: AbortSignal.timeout(20_000),
    });
    expect(res.status).toBe(303);
  }

  /** moves the clock of every live process by the same amount: they keep agreeing on the tick */
  const advanceClocks = async (ms: number) => {
    for (const p of procs) if (p.child) expect((await call(p, 'POST', '/sim/clock/advance', { body: { ms } })).status).toBe(200);
  };

  async function queries(p: Proc): Promise<Record<string, number>> {
    const res = await call(p, 'GET', '/sim/pay/queries');
    expect(res.status).toBe(200);
    return (JSON.parse(res.body) as { queries: Record<string, number> }).queries;
  }

  async function balances(): Promise<Map<string, { balance: number; ledger: number }>> {
    const rows = await db.kysely.selectFrom('cards').select(['id', 'custom_num', 'balance_fen']).where('custom_num', 'in', CARDS).execute();
    const out = new Map<string, { balance: number; ledger: number }>();
    for (const r of rows) {
      const sum = await db.kysely
        .selectFrom('balance_ledger')
        .select((eb) => eb.fn.sum<number>('amount_fen').as('s'))
        .where('card_id', '=', r.id)
        .executeTakeFirstOrThrow();
      out.set(r.custom_num, { balance: r.balance_fen, ledger: Number(sum.s ?? 0) });
    }
    return out;
  }

  beforeAll(async () => {
    ({ url, drop } = await createPgDatabase());
    procs.push({ name: 'A', port: await freePort(), child: null, log: '' }, { name: 'B', port: await freePort(), child: null, log: '' });
    // started together on the empty database: one migrates and seeds, the other waits (0017)
    await Promise.all(procs.map(start));
    db = await connect(url);
  }, 120_000);

  afterAll(async () => {
    for (const p of procs) if (p.child) await kill9(p);
    await db?.close();
    await drop();
  });

  it('a session made on one process works on the other, and its logout holds on both', async () => {
    const [a, b] = procs as [Proc, Proc];
    const headers = { 'x-forwarded-for': '198.51.100.1' };
    const token = await login(a, headers);
    expect(JSON.stringify(await ok(b, 'GET', '/api/v1/card/bind_list', { token }))).toContain('1000000001');
    const other = await login(b, headers);
    expect(JSON.stringify(await ok(a, 'GET', '/api/v2/card/info?custom_num=1000000001', { token: other }))).toContain(
      '"custom_num":"1000000001"',
    );
    await ok(b, 'POST', '/api/v1/logout', { token: other });
    expect((await call(a, 'GET', '/api/v1/card/bind_list', { token: other })).json().code).toBe(Code.SESSION_REVOKED);
    expect((await call(a, 'GET', '/api/v1/card/bind_list', { token })).json().code).toBe(0);
  }, 60_000);

  it('rate limits are shared: wrong card passwords alternating between the processes lock the card on both', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.2' };
    const wrong = (i: number) =>
      call(procs[i % 2]!, 'POST', '/api/v1/login', {
        body: { login_model: 'customNum', custom_num: '1000000010', password: '000000' },
        headers,
      });
    const left: string[] = [];
    for (let i = 0; i < 4; i++) left.push((await wrong(i)).json().message);
    // one counter: 4, 3, 2, 1 tries left, whichever process answered
    expect(left).toEqual([4, 3, 2, 1].map((n) => `卡密码错误，还可尝试${n}次`));
    expect((await wrong(4)).json().code).toBe(Code.LOCKED);
    for (const p of procs) {
      const right = await call(p, 'POST', '/api/v1/login', {
        body: { login_model: 'customNum', custom_num: '1000000010', password: DEMO.cardPassword },
        headers,
      });
      expect(right.json().code).toBe(Code.LOCKED);
    }
  }, 60_000);

  it('the failed-login limit of a client address counts across both processes', async () => {
    const headers = { 'x-forwarded-for': '198.51.100.3' };
    // the 30th failure from one address in an hour blocks it (modules/auth/limits.ts)
    for (let i = 0; i < 30; i++) {
      const res = await call(procs[i % 2]!, 'POST', '/api/v1/login', {
        body: { login_model: 'account', account: `nobody${i}`, password: 'wrong-password' },
        headers,
      });
      expect(res.json().code).toBe(Code.LOGIN_FAILED);
    }
    for (const p of procs) {
      const res = await call(p, 'POST', '/api/v1/login', {
        body: { login_model: 'account', account: DEMO.account, password: DEMO.password },
        headers,
      });
      expect(res.json().code).toBe(Code.RATE_LIMITED);
    }
  }, 60_000);

  it('the reconciler of the two processes asks the gateway about each pending order once per tick', async () => {
    const [a, b] = procs as [Proc, Proc];
    const headers = { 'x-forwarded-for': '198.51.100.4' };
    const token = await login(a, headers);
    const pending: string[] = [];
    for (let i = 0; i < 6; i++) pending.push((await createRecharge(procs[i % 2]!, token, CARDS[i % CARDS.length]!, headers)).order_no);
    const before = [await queries(a), await queries(b)];
    const TICKS = 3;
    for (let tick = 0; tick < TICKS; tick++) {
      await advanceClocks(TICK_MS);
      // what both timers would do at once, several times over: each may run the tick if nobody has
      const outcomes = await Promise.all(
        [a, b, a, b, b, a].map((p) => call(p, 'POST', `/sim/jobs/${RECONCILE}/due`).then((r) => JSON.parse(r.body) as { ran: boolean })),
      );
      expect(outcomes.filter((o) => o.ran)).toHaveLength(1);
    }
    const after = [await queries(a), await queries(b)];
    for (const order of pending) {
      const asked = after.reduce((n, q, i) => n + (q[order] ?? 0) - (before[i]![order] ?? 0), 0);
      expect(asked, order).toBe(TICKS);
    }
    // settle them: nobody will pay, they close
    await advanceClocks(4 * 3600_000);
    await ok(a, 'POST', `/sim/jobs/${RECONCILE}/run`).catch(() => {});
    const states = await db.kysely.selectFrom('orders').select('state').where('order_no', 'in', pending).execute();
    expect(states.map((s) => s.state)).toEqual(pending.map(() => 'closed'));
  }, 90_000);

  it('a storm of logins and payments through both, kill -9 of one in the middle: credited once, balance = Σ ledger', async () => {
    const [a, b] = procs as [Proc, Proc];
    const startBalances = await balances();
    const ORDERS = 36;
    const WORKERS = 6;
    let next = 0;
    let done = 0;
    const created: { order_no: string; credit: number }[] = [];
    const errors: string[] = [];
    /** the live processes, A first and B second alternately; a dead one is skipped */
    const alive = () => procs.filter((p) => p.child);
    const pick = (i: number) => {
      const live = alive();
      return live[i % live.length]!;
    };
    /** a call that survives the death of the process it went to by going to the other */
    async function either<T>(i: number, f: (p: Proc) => Promise<T>): Promise<T> {
      for (let attempt = 0; ; attempt++) {
        const p = pick(i + attempt);
        try {
          return await f(p);
        } catch (err) {
          if (attempt >= 4) throw err;
          await sleep(50);
        }
      }
    }

    let killedWithLeft = 0;
    const killed = (async () => {
      while (done < ORDERS / 3) await sleep(20);
      killedWithLeft = ORDERS - next;
      await kill9(a);
    })();

    const workers = Array.from({ length: WORKERS }, async (_, w) => {
      const headers = { 'x-forwarded-for': `203.0.113.${w + 1}` };
      for (;;) {
        const n = next++;
        if (n >= ORDERS) return;
        try {
          // a fresh login each round, on one process; the order on the other; paid on the first
          const token = await either(n, (p) => login(p, headers));
          const order = await either(n + 1, (p) => createRecharge(p, token, CARDS[n % CARDS.length]!, headers));
          created.push({ order_no: order.order_no, credit: order.credit });
          await either(n, (p) => pay(p, order.pay.url));
          await either(n + 1, (p) => ok(p, 'GET', '/api/v1/card/bind_list', { token }));
        } catch (err) {
          // only a request cut by the kill may fail; checked below against the database
          errors.push(String(err));
        }
        done++;
      }
    });
    await Promise.all(workers);
    await killed;
    expect(a.child).toBeNull();
    // it was the middle of the storm: orders were still to come
    expect(killedWithLeft).toBeGreaterThan(WORKERS);
    expect(created.length, errors.join('\n')).toBeGreaterThanOrEqual(ORDERS - WORKERS);

    // the survivor alone: still serving
    const token = await login(b, { 'x-forwarded-for': '203.0.113.99' });
    expect(JSON.stringify(await ok(b, 'GET', '/api/v2/card/info?custom_num=1000000001', { token }))).toContain('"custom_num":"1000000001"');

    // restart the killed one; a tick of the reconciler settles what the kill left pending (a
    // payment made at A's cashier whose notification died with A)
    await start(a);
    await advanceClocks(TICK_MS);
    await Promise.all([call(a, 'POST', `/sim/jobs/${RECONCILE}/due`), call(b, 'POST', `/sim/jobs/${RECONCILE}/due`)]);
    // late notifications of B's sandbox
    await sleep(300);

    // every paid payment is fulfilled, once
    const paid = await db.kysely.selectFrom('sim_payments').select(['order_no']).where('state', '=', 'paid').execute();
    expect(paid.length).toBeGreaterThan(0);
    const orders = await db.kysely
      .selectFrom('orders')
      .select(['order_no', 'state'])
      .where(
        'order_no',
        'in',
        paid.map((p) => p.order_no),
      )
      .execute();
    expect(orders).toHaveLength(paid.length);
    for (const o of orders) expect(o.state, o.order_no).toBe('fulfilled');
    const paymentRows = await db.kysely.selectFrom('payments').select('order_no').execute();
    const perOrder = new Map<string, number>();
    for (const r of paymentRows) perOrder.set(r.order_no, (perOrder.get(r.order_no) ?? 0) + 1);
    for (const [order, n] of perOrder) expect(n, order).toBe(1);
    // nothing paid that is not recorded, nothing recorded that was not paid
    expect(new Set(paid.map((p) => p.order_no))).toEqual(new Set(perOrder.keys()));

    // each paid order credited once: one recharge entry in the ledger (a first-recharge bonus is its own kind)
    const ledger = await db.kysely
      .selectFrom('balance_ledger')
      .innerJoin('cards', 'cards.id', 'balance_ledger.card_id')
      .select([
        'cards.custom_num as custom_num',
        'balance_ledger.order_no as order_no',
        'balance_ledger.kind as kind',
        'balance_ledger.amount_fen as amount_fen',
      ])
      .where(
        'balance_ledger.order_no',
        'in',
        paid.map((p) => p.order_no),
      )
      .execute();
    for (const p of paid) {
      const kinds = ledger.filter((l) => l.order_no === p.order_no).map((l) => l.kind);
      expect(new Set(kinds).size, `${p.order_no}: ${kinds.join(',')}`).toBe(kinds.length);
      expect(kinds.length, p.order_no).toBeGreaterThan(0);
    }
    // balance = Σ ledger for every card, and it grew by exactly the storm's ledger entries
    const endBalances = await balances();
    for (const [num, end] of endBalances) {
      expect(end.balance, num).toBe(end.ledger);
      const credited = ledger.filter((l) => l.custom_num === num).reduce((n, l) => n + l.amount_fen, 0);
      expect(end.balance - startBalances.get(num)!.balance, num).toBe(credited);
    }
    // the errors were the kill's, not the survivor's
    expect(errors.length, errors.join('\n')).toBeLessThanOrEqual(WORKERS);
  }, 180_000);
});

// The two test controls the test above relies on, on every database: a job's due run goes once per
// tick like its timer's, and the sandbox counts the queries about each order.
describe.each(databases())('the test controls of the reconciler on %s', (kind) => {
  const t = useTestApp(kind, { simControls: true, payReconcileIntervalMs: TICK_MS, payQueryAfterMs: 0 });

  it('POST /sim/jobs/:name/due runs the current tick once; GET /sim/pay/queries counts the gateway queries per order', async () => {
    const token = await t.loginAccount();
    const res = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'recharge', amount: 50, pay_channel: 1, request_id: `tc${Date.now().toString(36)}xxxxxx` },
      token,
    );
    const order = res.json().data.order_no as string;
    const queried = async () => (await t.get('/sim/pay/queries')).json().queries[order] ?? 0;
    expect(await queried()).toBe(0);
    clock.advance(TICK_MS);
    const first = await t.inject({ method: 'POST', url: `/sim/jobs/${RECONCILE}/due` });
    const again = await t.inject({ method: 'POST', url: `/sim/jobs/${RECONCILE}/due` });
    expect(first.json()).toMatchObject({ ran: true, result: { checked: 1, pending: 1 } });
    expect(again.json()).toEqual({ ran: false });
    expect(await queried()).toBe(1);
    clock.advance(TICK_MS);
    expect((await t.inject({ method: 'POST', url: `/sim/jobs/${RECONCILE}/due` })).json()).toMatchObject({ ran: true });
    expect(await queried()).toBe(2);
    expect((await t.inject({ method: 'POST', url: '/sim/jobs/no.such.job/due' })).statusCode).toBe(404);
  });
});

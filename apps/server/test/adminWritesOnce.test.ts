// Console writes made once (docs/decisions/0041-console-writes-once.md): every write endpoint of the
// console, sent twice at once with the same Idempotency-Key (a double click that got past the
// disabled button, a retry after a timeout, the same form in two tabs), is carried out once, and
// both requests get the same answer. A key is for one endpoint and one content; a refused first
// request gives its key back. SQLite and PostgreSQL.
// The samples and their fixtures: adminWritesOnceSamples.ts, adminWritesOnceFixtures.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_ENDPOINTS, type AdminEndpointName } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { DEFAULT_WRITE_LIMITS } from '@portal/domain';
import { methodOf } from '@portal/contract/route';
import { MODELS_DIR, demoZteCpe } from './acsHelpers';
import { adminLogin, cookieOf, loginAs, type DemoOperator } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { loadConfig } from '../src/config';
import { startFakeAcs } from '../src/integrations/device/genieacs/fake';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { clock } from '../src/lib/clock';
import { enableTotp, openRefundRequest, paidBalanceOrder } from './refundHelpers';
import { type Writer, type Sample, type Fixtures, key, approvedAdmin, operatorId } from './adminWritesOnceFixtures';
import { SAMPLES, onceByItself, writers, send, auditRows } from './adminWritesOnceSamples';

describe.each(databases())('console writes made once on %s', (kind) => {
  const t = useTestApp(kind);
  let n = 0;
  const fixtures = async (): Promise<Fixtures> => {
    const rows = await t.db.kysely.selectFrom('agents').select(['id', 'mark']).execute();
    return { agents: Object.fromEntries(rows.map((r) => [r.mark, r.id])) as Fixtures['agents'], seq: () => ++n };
  };

  // fifty-odd writes, each with its sign-in and fixtures, twice and once more: more than the default 30 s on a busy machine
  it('sampled writes, sent twice at once with one key: done once, the same answer to both, and again later', async () => {
    const f = await fixtures();
    for (const [name, s] of Object.entries(SAMPLES) as [Writer, Sample][]) {
      const cookie = s.login ? await s.login(t, f) : await loginAs(t, s.as);
      const body = await s.body(t, f, cookie);
      const effect = s.effect ?? auditRows;
      const k = key(f.seq());
      const before = await effect(t);
      const [a, b] = await Promise.all([send(t, name, body, cookie, k), send(t, name, body, cookie, k)]);
      expect(a.statusCode, `${name}: ${a.body}`).toBe(200);
      expect(b.statusCode, `${name}: ${b.body}`).toBe(200);
      expect(b.json(), name).toEqual(a.json());
      expect(await effect(t), `${name}: done once`).toBe(before + 1);
      // the same key later (the answer that never reached the console): the same answer, nothing more
      const later = await send(t, name, body, cookie, k);
      expect(later.json(), name).toEqual(a.json());
      expect(await effect(t), name).toBe(before + 1);
    }
    // the answers kept for a replay are sealed: a revealed mobile or ID number is not there in plain text
    const kept = await t.db.kysely.selectFrom('admin_request_keys').select(['endpoint', 'answer']).where('state', '=', 'done').execute();
    expect(kept.length).toBeGreaterThan(0);
    for (const row of kept) expect(row.answer.startsWith('pd1.'), row.endpoint).toBe(true);
    const plain = JSON.stringify(kept);
    expect(plain).not.toMatch(/1[3-9]\d{9}/);
  }, 180_000);

  // the writes held whatever their size (docs/decisions/0056): sent twice at once with one key, one request waits
  it('held writes, sent twice at once with one key: one request waits, the same answer to both', async () => {
    const f = await fixtures();
    const held: [Writer, DemoOperator, (t: TestApp) => Promise<unknown>][] = [
      ['adminWriteLimitsSave', 'admin', async () => ({ ...DEFAULT_WRITE_LIMITS, balance_adjust_fen: 200_000 + f.seq(), reason: '放宽' })],
      [
        'adminOperatorCreate',
        'admin',
        async () => ({
          username: `boss${f.seq()}`,
          display_name: '新管理员',
          role: 'platform_admin',
          password: 'Boss2026xx',
          reason: '新增',
        }),
      ],
      [
        'adminOperatorResetPassword',
        'admin',
        // a third platform administrator (created through approval), so that admin2 could approve its reset
        async (tt) => ({ id: await approvedAdmin(tt, `third${f.seq()}`), password: 'Reset2026zz', reason: '忘记密码' }),
      ],
      [
        'adminOperatorResetTotp',
        'admin',
        // a third platform administrator with a second factor, so that admin2 could approve its reset
        async (tt) => {
          const id = await approvedAdmin(tt, `totp${f.seq()}`);
          const username = (await tt.db.kysely.selectFrom('operators').select('username').where('id', '=', id).executeTakeFirstOrThrow())
            .username;
          await enableTotp(tt, cookieOf(await adminLogin(tt, username, 'Third2026xx')));
          return { id, reason: '手机丢失' };
        },
      ],
      // refunds above the refund limit (¥2,000 from the balance; the limit is ¥1,000); not finance, as above
      ['adminOrderRefund', 'admin', async (tt) => ({ order_no: await paidBalanceOrder(tt, '1000000002', 200_000), reason: '客户投诉' })],
      [
        'adminOrderPartialRefund',
        'admin',
        async (tt) => ({
          order_no: await paidBalanceOrder(tt, '1000000002', 200_000),
          amount_fen: 150_000,
          reason: '补偿',
          request_id: `held-part-${f.seq()}`,
        }),
      ],
      [
        'adminRefundRequestApprove',
        'admin',
        async (tt) => ({ id: await openRefundRequest(tt, await paidBalanceOrder(tt, '1000000002', 200_000)), reason: '同意退款' }),
      ],
      [
        'adminOperatorSetRole',
        'admin',
        async (tt) => ({ id: await operatorId(tt, 'agent'), role: 'support', agent_id: null, reason: '转岗' }),
      ],
      [
        'adminCommissionAdjust',
        // not finance: the sampled writes above reset finance's password
        'admin',
        async () => ({ agent_id: f.agents.demo, amount_fen: 4_000_000, reason: '季度奖励', request_id: `held-adj-${f.seq()}` }),
      ],
      [
        'adminCommissionSettings',
        'admin',
        async () => ({
          agent_id: f.agents.demo,
          holding_days: 7,
          verify_mobile: `1350000${String(f.seq()).padStart(4, '0')}`,
          reason: '换号',
        }),
      ],
    ];
    const waiting = async () =>
      Number(
        (
          await t.db.kysely
            .selectFrom('approval_requests')
            .select(({ fn }) => fn.countAll<number>().as('n'))
            .where('state', '=', 'pending')
            .executeTakeFirstOrThrow()
        ).n,
      );
    for (const [name, as, body] of held) {
      const cookie = await loginAs(t, as);
      const b = await body(t);
      const k = key(f.seq());
      const before = await waiting();
      const [a, c] = await Promise.all([send(t, name, b, cookie, k), send(t, name, b, cookie, k)]);
      expect(a.statusCode, `${name}: ${a.body}`).toBe(200);
      expect(a.json().data.pending_approval, `${name}: ${a.body}`).toBeDefined();
      expect(c.json(), name).toEqual(a.json());
      expect(await waiting(), `${name}: kept once`).toBe(before + 1);
    }
  }, 60_000);

  it('every console write is sampled or makes itself once', () => {
    const unproven = writers().filter((w) => !SAMPLES[w] && !SAMPLED_APART[w] && !onceByItself(w));
    expect(unproven).toEqual([]);
    // a write sampled here is not also declared as making itself once, and only a console POST says either
    expect(writers().filter((w) => SAMPLES[w] && onceByItself(w))).toEqual([]);
    const misplaced = (Object.keys(ADMIN_ENDPOINTS) as AdminEndpointName[]).filter((n) => {
      const d = ADMIN_ENDPOINTS[n] as { writes?: false; idempotent?: string };
      return (d.writes !== undefined || d.idempotent !== undefined) && methodOf(ADMIN_ENDPOINTS[n].route) !== 'POST';
    });
    expect(misplaced).toEqual([]);
  });

  it('a key is for one endpoint and one content; a refused write gives its key back', async () => {
    const f = await fixtures();
    const admin = await loginAs(t, 'admin');
    const k = key(f.seq());
    const first = await send(
      t,
      'adminSeriesSave',
      { agent_id: f.agents.demo, name: '券后系列', description: '', sort: 1, reason: '新系列' },
      admin,
      k,
    );
    expect(first.statusCode, first.body).toBe(200);
    const before = await t.snapshot();
    const other = await send(
      t,
      'adminSeriesSave',
      { agent_id: f.agents.demo, name: '另一个系列', description: '', sort: 1, reason: '新系列' },
      admin,
      k,
    );
    expect(other.statusCode).toBe(400);
    expect(other.json()).toMatchObject({ code: Code.REQUEST_ID_REUSED, message: expect.stringMatching(/请求编号已用于其他操作/) });
    const elsewhere = await send(t, 'adminAgentCreate', { mark: 'reusedkey', nickname: '代理', reason: '签约' }, admin, k);
    expect(elsewhere.json().code).toBe(Code.REQUEST_ID_REUSED);
    expect(await t.snapshot()).toEqual(before);

    // refused (the mark is taken): the key is free again for the corrected form
    const k2 = key(f.seq());
    const taken = await send(t, 'adminAgentCreate', { mark: 'demo', nickname: '重复', reason: '签约新代理' }, admin, k2);
    expect(taken.statusCode).toBe(400);
    const fixed = await send(t, 'adminAgentCreate', { mark: 'fixedmark', nickname: '新代理', reason: '签约新代理' }, admin, k2);
    expect(fixed.statusCode, fixed.body).toBe(200);

    // a key is the operator's own: another operator's same key is another write
    const agentOp = await loginAs(t, 'agent');
    const mine = await send(t, 'adminBulkJobCreate', { kind: 'suspend', custom_nums: ['1000000001'], reason: '风控' }, agentOp, k);
    expect(mine.statusCode, mine.body).toBe(200);
    // a malformed key is refused before anything is done
    const bad = await send(t, 'adminBulkJobCreate', { kind: 'suspend', custom_nums: ['1000000001'], reason: '风控' }, agentOp, 'x;drop');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/请求编号有误/);
  });

  it('without a key (a tool, not the console) each request is its own write', async () => {
    const f = await fixtures();
    const admin = await loginAs(t, 'admin');
    const body = { agent_id: f.agents.demo, name: '无编号系列', description: '', sort: 1, reason: '新系列' };
    const before = await auditRows(t);
    const [a, b] = await Promise.all([send(t, 'adminSeriesSave', body, admin), send(t, 'adminSeriesSave', body, admin)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().data.id).not.toBe(b.json().data.id);
    expect(await auditRows(t)).toBe(before + 2);
  });
});

/** Writes whose sample needs an app of its own (an outside system), proven in a block below. */
const SAMPLED_APART: Partial<Record<Writer, string>> = {
  adminDeviceTaskRetry: 'a failed task exists only on a router a GenieACS manages: the fake ACS, below',
};

const fakeAcs = await startFakeAcs({ now: () => clock.now().getTime() });
afterAll(() => fakeAcs.close());

describe.each(databases())('a failed router task retried twice at once on %s', (kind) => {
  const CPE = DEVICE_DEMO.cpe;
  const t = useTestApp(kind, { deviceModelsDir: MODELS_DIR, acs: { ...loadConfig({ NODE_ENV: 'test' }).acs, url: fakeAcs.baseUrl } });

  beforeAll(() => {
    // each database's app gets the demo's 5G CPE of its own in the one fake
    fakeAcs.addDevice(demoZteCpe(CPE.serial, clock.now().getTime() - 60_000));
  });

  it('adminDeviceTaskRetry: done once, the same answer to both, and again later', async () => {
    const token = await t.loginAccount();
    fakeAcs.faultNext(CPE.serial, 'cwmp.9007', 'Invalid parameter value');
    const change = await t.post('/api/v1/device/wifi', { custom_num: CPE.customNum, ssid: 'Refused' }, token);
    expect(change.json().data?.state, change.body).toBe('failed');
    const cookie = await loginAs(t, 'support');
    const body = { custom_num: CPE.customNum, id: change.json().data.id, reason: '用户已调整，再试一次' };
    const k = key(1);
    const before = await auditRows(t);
    const [a, b] = await Promise.all([send(t, 'adminDeviceTaskRetry', body, cookie, k), send(t, 'adminDeviceTaskRetry', body, cookie, k)]);
    expect(a.statusCode, a.body).toBe(200);
    expect(b.statusCode, b.body).toBe(200);
    expect(a.json().data).toMatchObject({ state: 'pending' });
    expect(b.json()).toEqual(a.json());
    expect(await auditRows(t)).toBe(before + 1);
    const later = await send(t, 'adminDeviceTaskRetry', body, cookie, k);
    expect(later.json()).toEqual(a.json());
    expect(await auditRows(t)).toBe(before + 1);
    // the router informs and carries the retried task out: the one fake is left with none waiting for the next database
    fakeAcs.inform(CPE.serial);
    expect(fakeAcs.tasks().filter((x) => x.device.endsWith(CPE.serial))).toEqual([]);
  });
});

// Agents paid through WeChat Pay's merchant transfer (docs/decisions/0036-wechat-payout.md) on
// SQLite and PostgreSQL: the server configured with PAYOUT_GATEWAY=wechatpay (keys generated here),
// the fake transfer server behind its transport checking every request's signature. A transfer is
// paid once under a double click; a failure returns the amount once; a transfer left processing is
// settled by the payouts job — once, however many runs, clicks and processes race it — and until
// then nobody can record it by hand; a configuration missing a variable or a key stops the start.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { buildApp } from '../src/app';
import { ConfigError, loadConfig, type Config } from '../src/config';
import type { AppContext } from '../src/context';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';
import { FAKE_FAILING_PAYEE, FAKE_WAITING_PAYEE, FakeWechatTransfer } from '../src/integrations/payout/wechat/fakeServer';
import { WechatTransferGateway } from '../src/integrations/payout/wechat/gateway';
import { clock } from '../src/lib/clock';
import { PAYOUTS_JOB } from '../src/modules/admin/commissions/routes';
import { recordAudit } from '../src/modules/admin/audit';
import { settleInFlightPayouts } from '../src/modules/commissions';
import { adminPost, loginAs } from './adminHelpers';
import { rid } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const rsa = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const merchant = rsa();
const platform = rsa();
const MCHID = '1900009191';
const APPID = 'wxd678efh567hg6787';
const MERCHANT_SERIAL = '5157F09EFDC096DE15EBE81A47057A7232F1B8E1';
const PLATFORM_SERIAL = 'PUB_KEY_ID_0114232134912410000000000000';
const OPENID = 'oUpF8uMuAJO_M2pxb1Q9zNjWeS6o';
const DEMO_VERIFY_MOBILE = '13900139000';

const dir = mkdtempSync(join(tmpdir(), 'payout-keys-'));
const keyFile = join(dir, 'apiclient_key.pem');
const platformFile = join(dir, 'platform_pub.pem');
writeFileSync(keyFile, merchant.privateKey.export({ type: 'pkcs8', format: 'pem' }));
writeFileSync(platformFile, platform.publicKey.export({ type: 'spki', format: 'pem' }));

const PAYOUT_ENV = {
  NODE_ENV: 'test',
  PAYOUT_GATEWAY: 'wechatpay',
  WECHATPAY_MCHID: MCHID,
  WECHATPAY_APPID: APPID,
  WECHATPAY_CERT_SERIAL_NO: MERCHANT_SERIAL,
  WECHATPAY_PRIVATE_KEY_FILE: keyFile,
  WECHATPAY_PLATFORM_SERIAL: PLATFORM_SERIAL,
  WECHATPAY_PLATFORM_KEY_FILE: platformFile,
};

function fakeServer() {
  return new FakeWechatTransfer({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    platformSerial: PLATFORM_SERIAL,
    platformPrivateKey: platform.privateKey,
    now: () => clock.now().getTime(),
  });
}

async function agentId(t: TestApp, mark: string): Promise<number> {
  return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', mark).executeTakeFirstOrThrow()).id;
}
async function withdrawalRow(t: TestApp, id: number) {
  return t.db.kysely.selectFrom('commission_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}
async function returnsOf(t: TestApp, id: number) {
  return t.db.kysely
    .selectFrom('commission_ledger')
    .selectAll()
    .where('kind', '=', 'withdrawal_return')
    .where('ref', '=', String(id))
    .execute();
}
async function expectBalanceMatchesLedger(t: TestApp, agent: number) {
  const a = await t.db.kysely
    .selectFrom('commission_accounts')
    .select('balance_fen')
    .where('agent_id', '=', agent)
    .executeTakeFirstOrThrow();
  const s = await t.db.kysely
    .selectFrom('commission_ledger')
    .select((eb) => eb.fn.sum<number>('amount_fen').as('sum'))
    .where('agent_id', '=', agent)
    .executeTakeFirstOrThrow();
  expect(a.balance_fen).toBe(Number(s.sum ?? 0));
  return a.balance_fen;
}

// the clock only moves forward here (the SMS cooldown counts from the last code sent); reset once at the end
afterAll(() => clock.reset());

describe.each(databases())('agents paid through WeChat Pay’s merchant transfer on %s', (kind) => {
  const fake = fakeServer();
  const payoutConfig = loadConfig(PAYOUT_ENV);
  const t = useTestApp(
    kind,
    { payoutGateway: 'wechatpay', wechatPayout: payoutConfig.wechatPayout, payoutQueryIntervalMs: 0, payReconcileIntervalMs: 0 },
    { transport: fake.transport },
  );

  /** the agent administrator puts a WeChat change account on file (with the agent's SMS code) */
  async function accountOnFile(agentCookie: string, payee: string, account = OPENID) {
    clock.advance(61_000); // one code a minute per mobile
    const sent = await adminPost(t, '/api/admin/commissions/account/code', {}, agentCookie);
    expect(sent.statusCode, sent.body).toBe(200);
    const code = await t.lastSmsCode(DEMO_VERIFY_MOBILE);
    return adminPost(
      t,
      '/api/admin/commissions/account',
      { payout_method: 3, payee, payout_account: account, sms_code: code },
      agentCookie,
    );
  }

  async function approvedWithdrawal(agentCookie: string, finance: string, amountFen: number): Promise<number> {
    const r = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: amountFen, request_id: rid() }, agentCookie);
    expect(r.statusCode, r.body).toBe(200);
    const id = r.json().data.withdrawal.id as number;
    const a = await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id, request_id: rid() }, finance);
    expect(a.statusCode, a.body).toBe(200);
    return id;
  }

  const transfer = (id: number, finance: string) =>
    adminPost(t, '/api/admin/commissions/withdrawals/transfer', { id, request_id: rid() }, finance);

  it('the openid on file is checked; a transfer is paid once under a double click, with the bill number', async () => {
    const admin = await loginAs(t, 'admin');
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    await adminPost(
      t,
      '/api/admin/commissions/adjust',
      { agent_id: demo, amount_fen: 100_000, reason: '测试入账', request_id: rid() },
      admin,
    );

    const wrong = await accountOnFile(agent, '示范代理', 'not an openid!');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/openid/);
    const ok = await accountOnFile(agent, '示范代理');
    expect(ok.statusCode, ok.body).toBe(200);

    const id = await approvedWithdrawal(agent, finance, 10_000);
    const answers = await Promise.all([transfer(id, finance), transfer(id, finance)]);
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(answers.filter((a) => a.json().data.applied)).toHaveLength(1);
    const w = await withdrawalRow(t, id);
    expect(w).toMatchObject({ state: 'paid', payout_channel: 'gateway' });
    expect(w.paid_by).not.toBeNull();
    expect(w.payout_reference).toMatch(/^1330/);
    expect(fake.paidCount).toBe(1);
    expect(fake.stateOf(`CW${String(id).padStart(10, '0')}`)).toBe('SUCCESS');
    expect(fake.refusedSignatures).toEqual([]);
    expect(await returnsOf(t, id)).toHaveLength(0);
    await expectBalanceMatchesLedger(t, demo);
  });

  it('a transfer the gateway fails returns the amount to the agent once', async () => {
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    expect((await accountOnFile(agent, FAKE_FAILING_PAYEE)).statusCode).toBe(200);
    const before = await expectBalanceMatchesLedger(t, demo);
    const id = await approvedWithdrawal(agent, finance, 2_000);
    const r = await transfer(id, finance);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data.withdrawal).toMatchObject({ state: 'failed', failure_reason: '收款人姓名与微信实名不一致' });
    expect((await transfer(id, finance)).json().data.applied).toBe(false);
    expect(await returnsOf(t, id)).toHaveLength(1);
    expect(await expectBalanceMatchesLedger(t, demo)).toBe(before);
  });

  it('a transfer left processing cannot be recorded by hand; the job settles it once, and runs again change nothing', async () => {
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    expect((await accountOnFile(agent, FAKE_WAITING_PAYEE)).statusCode).toBe(200);
    const id = await approvedWithdrawal(agent, finance, 3_000);
    const r = await transfer(id, finance);
    expect(r.statusCode, r.body).toBe(200);
    expect(r.json().data).toMatchObject({ applied: false, processing: true, note: '待收款人在微信中确认收款' });
    const inFlight = await withdrawalRow(t, id);
    expect(inFlight).toMatchObject({ state: 'approved', payout_channel: 'gateway' });
    expect(inFlight.payout_reference).toMatch(/^1330/);

    // nobody pays it by hand, nobody fails it by hand (the money may be on its way)
    const before = await t.snapshot();
    for (const [path, body] of [
      ['/api/admin/commissions/withdrawals/paid', { id, reference: 'BANK-0002', request_id: rid() }],
      ['/api/admin/commissions/withdrawals/failed', { id, reason: '收款人未确认', request_id: rid() }],
    ] as const) {
      const res = await adminPost(t, path, body, finance);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(/已提交打款接口/);
    }
    expect(await t.snapshot()).toEqual(before);

    // still waiting: the job asks and leaves it
    const waiting = await t.app.jobs.runNow(PAYOUTS_JOB);
    expect(waiting).toMatchObject({ ran: true, result: { asked: 1, processing: 1, paid: 0, failed: 0 } });
    expect((await withdrawalRow(t, id)).state).toBe('approved');

    // the payee confirms: the next run records it paid with the bill number
    const no = `CW${String(id).padStart(10, '0')}`;
    fake.settle(no, 'SUCCESS');
    expect(await t.app.jobs.runNow(PAYOUTS_JOB)).toMatchObject({ ran: true, result: { asked: 1, paid: 1 } });
    const paid = await withdrawalRow(t, id);
    expect(paid).toMatchObject({ state: 'paid', payout_channel: 'gateway', payout_reference: inFlight.payout_reference, paid_by: null });
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'commission_withdrawal')
      .where('target_id', '=', String(id))
      .where('action', '=', 'commission.withdrawal_paid')
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_id: null, operator_username: PAYOUTS_JOB });

    // a repeated run changes nothing
    const settled = await t.snapshot();
    expect(await t.app.jobs.runNow(PAYOUTS_JOB)).toMatchObject({ ran: true, result: { asked: 0 } });
    expect(await t.snapshot()).toEqual(settled);
    await expectBalanceMatchesLedger(t, demo);
  });

  it('a cancelled transfer returns the amount exactly once when the job, another process and a click race it', async () => {
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const demo = await agentId(t, 'demo');
    const start = await expectBalanceMatchesLedger(t, demo);
    const ids = [await approvedWithdrawal(agent, finance, 1_500), await approvedWithdrawal(agent, finance, 2_500)];
    for (const id of ids) expect((await transfer(id, finance)).json().data.processing).toBe(true);
    for (const id of ids) fake.settle(`CW${String(id).padStart(10, '0')}`, 'CANCELLED');

    // another process's run of the job (its own context and gateway, no shared lease) beside this
    // process's run and finance clicking 接口打款 again on both
    const other = {
      db: t.db,
      config: t.config,
      log: t.app.log,
    } as AppContext;
    const otherGateway = new WechatTransferGateway({
      mchid: MCHID,
      appid: APPID,
      serialNo: MERCHANT_SERIAL,
      privateKey: merchant.privateKey,
      platform: { serial: PLATFORM_SERIAL, publicKey: platform.publicKey },
      sceneId: '1005',
      transport: fake.transport,
      now: () => clock.now().getTime(),
    });
    const system = { id: null, username: 'other-process', role: 'system', agentId: null, requestId: 'other', ip: '' };
    const results = await Promise.all([
      t.app.jobs.runNow(PAYOUTS_JOB),
      settleInFlightPayouts(other, otherGateway, (trx, r) => recordAudit(trx, system, r)),
      ...ids.map((id) => transfer(id, finance)),
    ]);
    for (const click of results.slice(2) as { statusCode: number; body: string }[]) expect(click.statusCode, click.body).toBe(200);
    for (const id of ids) {
      expect(await withdrawalRow(t, id)).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/已撤销/) });
      expect(await returnsOf(t, id)).toHaveLength(1);
      const failedAudits = await t.db.kysely
        .selectFrom('audit_log')
        .select('id')
        .where('target_type', '=', 'commission_withdrawal')
        .where('target_id', '=', String(id))
        .where('action', '=', 'commission.withdrawal_failed')
        .execute();
      expect(failedAudits).toHaveLength(1);
    }
    expect(await expectBalanceMatchesLedger(t, demo)).toBe(start);
    expect(fake.refusedSignatures).toEqual([]);
  });

  it('an unreachable gateway leaves the withdrawal in flight; the job settles it when the gateway is back', async () => {
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    expect((await accountOnFile(agent, '示范代理')).statusCode).toBe(200);
    const id = await approvedWithdrawal(agent, finance, 1_000);
    fake.down = true;
    const r = await transfer(id, finance);
    expect(r.statusCode).not.toBe(200);
    expect(r.json()).toMatchObject({ code: Code.PAYMENT_GATEWAY_ERROR, message: expect.stringMatching(/打款处理中/) });
    expect(await withdrawalRow(t, id)).toMatchObject({ state: 'approved', payout_channel: 'gateway' });
    const down = await t.app.jobs.runNow(PAYOUTS_JOB);
    expect(down).toMatchObject({ ran: true, result: { asked: 1, errors: 1 } });
    fake.down = false;
    expect(await t.app.jobs.runNow(PAYOUTS_JOB)).toMatchObject({ ran: true, result: { asked: 1, paid: 1 } });
    expect((await withdrawalRow(t, id)).state).toBe('paid');
  });

  it('a transfer the gateway refuses to create is back with finance, payable by hand, nothing returned', async () => {
    const finance = await loginAs(t, 'finance');
    const agent = await loginAs(t, 'agent');
    const id = await approvedWithdrawal(agent, finance, 1_200);
    fake.refuseNextCreate = { status: 403, code: 'NO_AUTH', message: '商户号无转账场景权限' };
    const r = await transfer(id, finance);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toBe('打款接口拒绝：微信支付：商户号无转账场景权限（NO_AUTH）');
    expect(await withdrawalRow(t, id)).toMatchObject({ state: 'approved', payout_channel: '' });
    expect(await returnsOf(t, id)).toHaveLength(0);
    const manual = await adminPost(
      t,
      '/api/admin/commissions/withdrawals/paid',
      { id, reference: 'BANK-0003', request_id: rid() },
      finance,
    );
    expect(manual.statusCode, manual.body).toBe(200);
    expect(manual.json().data.withdrawal).toMatchObject({ state: 'paid', payout_channel: 'manual', payout_reference: 'BANK-0003' });
  });
});

describe('a payout configuration that cannot work stops the start', () => {
  it('names every variable PAYOUT_GATEWAY=wechatpay needs and lacks', () => {
    const err = (() => {
      try {
        loadConfig({ NODE_ENV: 'test', PAYOUT_GATEWAY: 'wechatpay', WECHATPAY_MCHID: MCHID });
      } catch (e) {
        return e;
      }
    })() as ConfigError;
    expect(err).toBeInstanceOf(ConfigError);
    for (const name of [
      'WECHATPAY_APPID',
      'WECHATPAY_CERT_SERIAL_NO',
      'WECHATPAY_PRIVATE_KEY_FILE',
      'WECHATPAY_PLATFORM_SERIAL',
      'WECHATPAY_PLATFORM_KEY_FILE',
    ])
      expect(err.problems.some((p) => p.startsWith(`${name}: PAYOUT_GATEWAY=wechatpay needs`))).toBe(true);
    expect(err.problems.some((p) => p.startsWith('WECHATPAY_MCHID'))).toBe(false);
    expect(() => loadConfig({ ...PAYOUT_ENV, WECHATPAY_TRANSFER_SCENE_ID: 'abc' })).toThrow(/WECHATPAY_TRANSFER_SCENE_ID/);
    expect(() => loadConfig({ ...PAYOUT_ENV, PAYOUT_GATEWAY: 'alipay' })).toThrow(/PAYOUT_GATEWAY: must be sandbox or wechatpay/);
  });

  it('an unreadable key file is refused when the server is built, naming its variable', async () => {
    const db = await connect(':memory:');
    try {
      await migrate(db);
      const config: Config = {
        ...loadConfig({ ...PAYOUT_ENV, WECHATPAY_PRIVATE_KEY_FILE: join(dir, 'missing.pem') }),
        webDist: null,
        consoleDist: null,
        logLevel: 'silent',
      };
      await expect(buildApp({ db, config, logger: false })).rejects.toThrow(/WECHATPAY_PRIVATE_KEY_FILE: cannot read/);
      const wrongKey = join(dir, 'not-a-key.pem');
      writeFileSync(wrongKey, 'hello');
      const config2: Config = { ...config, wechatPayout: { ...config.wechatPayout!, privateKeyFile: keyFile, platformKeyFile: wrongKey } };
      await expect(buildApp({ db, config: config2, logger: false })).rejects.toThrow(/WECHATPAY_PLATFORM_KEY_FILE/);
    } finally {
      await db.close();
    }
  });
});

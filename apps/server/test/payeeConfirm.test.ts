// The payee confirms a WeChat transfer (docs/decisions/0039-payee-confirms-transfer.md) on SQLite
// and PostgreSQL: the server configured with PAYOUT_GATEWAY=wechatpay and the fake transfer server
// (which keeps a bill in WAIT_USER_CONFIRM with its package until its own payee confirms it, closes
// it after 24 hours, and takes 撤销转账). The page's link is an unguessable token; an unknown or
// expired one is not found and writes nothing; a confirmation is credited once however often the
// page and the job look; a cancel or an expiry returns the amount exactly once.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { FAKE_WAITING_PAYEE, FakeWechatTransfer } from '../src/integrations/payout/wechat/fakeServer';
import { clock } from '../src/lib/clock';
import { PAYOUTS_JOB } from '../src/modules/admin/commissions/routes';
import { adminGet, adminPost, loginAs } from './adminHelpers';
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
const OTHER_OPENID = 'oUpF8uOtherPersonXXXXXXXXXXX';
const DEMO_VERIFY_MOBILE = '13900139000';

const dir = mkdtempSync(join(tmpdir(), 'payee-keys-'));
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

const payoutNo = (id: number) => `CW${String(id).padStart(10, '0')}`;
const page = (t: TestApp, token: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'GET', url: `/api/v2/payee_confirm?t=${encodeURIComponent(token)}`, remoteAddress: ip });
const check = (t: TestApp, token: string, ip = '203.0.113.7') =>
  t.app.inject({ method: 'POST', url: '/api/v2/payee_confirm/check', payload: { t: token }, remoteAddress: ip });

/** every table but the rate-limit counters, which a read of the open page is meant to move */
async function written(t: TestApp) {
  const { throttles: _throttles, ...rest } = await t.snapshot();
  return rest;
}

afterAll(() => clock.reset());

describe.each(databases())('the payee confirms a WeChat transfer on %s', (kind) => {
  const fake = new FakeWechatTransfer({
    mchid: MCHID,
    appid: APPID,
    merchantSerial: MERCHANT_SERIAL,
    merchantPublicKey: merchant.publicKey,
    platformSerial: PLATFORM_SERIAL,
    platformPrivateKey: platform.privateKey,
    now: () => clock.now().getTime(),
  });
  const t = useTestApp(
    kind,
    { payoutGateway: 'wechatpay', wechatPayout: loadConfig(PAYOUT_ENV).wechatPayout, payoutQueryIntervalMs: 0, payReconcileIntervalMs: 0 },
    { transport: fake.transport },
  );

  async function demoAgent() {
    return (await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow()).id;
  }
  async function withdrawal(id: number) {
    return t.db.kysely.selectFrom('commission_withdrawals').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  }
  async function returnsOf(id: number) {
    return t.db.kysely
      .selectFrom('commission_ledger')
      .select('id')
      .where('kind', '=', 'withdrawal_return')
      .where('ref', '=', String(id))
      .execute();
  }
  async function audits(id: number, action: string) {
    return t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('target_type', '=', 'commission_withdrawal')
      .where('target_id', '=', String(id))
      .where('action', '=', action)
      .execute();
  }
  async function balanceMatchesLedger(agent: number) {
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

  let ready = false;
  /** a WeChat-change account on file whose payee confirms (the fake's 模拟处理中), and money to withdraw */
  async function setUp() {
    if (ready) return;
    const admin = await loginAs(t, 'admin');
    const agent = await loginAs(t, 'agent');
    await adminPost(
      t,
      '/api/admin/commissions/adjust',
      { agent_id: await demoAgent(), amount_fen: 100_000, reason: '测试入账', request_id: rid() },
      admin,
    );
    clock.advance(61_000);
    expect((await adminPost(t, '/api/admin/commissions/account/code', {}, agent)).statusCode).toBe(200);
    const code = await t.lastSmsCode(DEMO_VERIFY_MOBILE);
    const saved = await adminPost(
      t,
      '/api/admin/commissions/account',
      { payout_method: 3, payee: FAKE_WAITING_PAYEE, payout_account: OPENID, sms_code: code },
      agent,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    ready = true;
  }

  /** a withdrawal handed to the gateway and waiting for its payee: its id and the link's token */
  async function waitingTransfer(amountFen: number): Promise<{ id: number; token: string; finance: string }> {
    await setUp();
    const agent = await loginAs(t, 'agent');
    const finance = await loginAs(t, 'finance');
    const r = await adminPost(t, '/api/admin/commissions/withdrawals/request', { amount_fen: amountFen, request_id: rid() }, agent);
    const id = r.json().data.withdrawal.id as number;
    expect((await adminPost(t, '/api/admin/commissions/withdrawals/approve', { id, request_id: rid() }, finance)).statusCode).toBe(200);
    const sent = await adminPost(t, '/api/admin/commissions/withdrawals/transfer', { id, request_id: rid() }, finance);
    expect(sent.json().data).toMatchObject({ processing: true, note: '待收款人在微信中确认收款' });
    const w = sent.json().data.withdrawal;
    expect(w).toMatchObject({ state: 'approved', payout_channel: 'gateway', bill_state: 'WAIT_USER_CONFIRM' });
    const m = /^\/payee_confirm\?t=([A-Za-z0-9_-]{32})$/.exec(w.payee_confirm.path);
    expect(m, w.payee_confirm.path).not.toBeNull();
    return { id, token: m![1]!, finance };
  }

  it('the link shows the amount, the agent and the payee masked, and what WeChat needs; the console shows it to finance only', async () => {
    const { id, token, finance } = await waitingTransfer(12_345);
    const row = await withdrawal(id);
    expect(row.package_info).toBe(fake.packageOf(payoutNo(id)));
    // the link dies with the bill: 24 hours after WeChat made it
    expect(Date.parse(row.confirm_expires_at!) - clock.now().getTime()).toBeGreaterThan(23.9 * 3600_000);

    const res = await page(t, token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({
      payout_no: payoutNo(id),
      amount: 123.45,
      agent_name: expect.any(String),
      payee: '模****',
      state: 'waiting',
      expires_at: row.confirm_expires_at,
      closed_reason: '',
      transfer: { mch_id: MCHID, app_id: APPID, package_info: fake.packageOf(payoutNo(id)) },
    });
    // no personal data beyond the masked name: neither the name nor the openid
    expect(res.body).not.toContain(FAKE_WAITING_PAYEE);
    expect(res.body).not.toContain(OPENID);

    const list = await adminGet(t, '/api/admin/commissions/withdrawals?state=approved', finance);
    const item = list.json().data.items.find((x: { id: number }) => x.id === id);
    expect(item).toMatchObject({
      bill_state: 'WAIT_USER_CONFIRM',
      payee_confirm: { path: `/payee_confirm?t=${token}`, expires_at: row.confirm_expires_at },
    });
  });

  it('an unknown, malformed or expired link is refused in Chinese and writes nothing', async () => {
    const { id, token } = await waitingTransfer(1_000);
    const before = await written(t);
    const unknown = await page(t, 'x'.repeat(32));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('收款链接无效，请向财务索取新的收款链接');
    expect((await check(t, 'y'.repeat(32))).statusCode).toBe(404);
    const malformed = await page(t, '12');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toMatch(/收款链接无效/);
    expect(await written(t)).toEqual(before);

    // a day later the bill closed unconfirmed: the link is gone, the page says why, nothing is written by reading it
    clock.advance(24 * 3600_000 + 1_000);
    const expired = await page(t, token);
    expect(expired.statusCode).toBe(404);
    expect(expired.json().message).toMatch(/^收款链接已过期/);
    const late = await check(t, token);
    expect(late.statusCode).toBe(404);
    expect(await written(t)).toEqual(before);
    expect((await withdrawal(id)).state).toBe('approved');
    // the job finds the bill closed: failed, the amount back once
    expect(await t.app.jobs.runNow(PAYOUTS_JOB)).toMatchObject({ ran: true, result: { failed: expect.any(Number) } });
    expect(await withdrawal(id)).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/已撤销/), package_info: '' });
    expect(await returnsOf(id)).toHaveLength(1);
    await balanceMatchesLedger(await demoAgent());
    const settled = await t.snapshot();
    await t.app.jobs.runNow(PAYOUTS_JOB);
    expect(await t.snapshot()).toEqual(settled);
  });

  it('only the payee confirms; then the page and the job settle it paid once under repeated looks', async () => {
    const { id, token } = await waitingTransfer(2_000);
    const agent = await demoAgent();
    const start = await balanceMatchesLedger(agent);
    const pkg = (await page(t, token)).json().data.transfer.package_info as string;
    // WeChat refuses another WeChat user
    expect(fake.confirmByPayee(pkg, OTHER_OPENID)).toBe('你的微信号与商家指定的微信号不一致');
    expect(fake.stateOf(payoutNo(id))).toBe('WAIT_USER_CONFIRM');
    expect(fake.confirmByPayee(pkg, OPENID)).toBe('ok');

    const paidBefore = fake.paidCount;
    const looks = await Promise.all([
      check(t, token),
      check(t, token, '198.51.100.9'),
      check(t, token),
      t.app.jobs.runNow(PAYOUTS_JOB),
      t.app.jobs.runNow(PAYOUTS_JOB),
    ]);
    for (const r of looks.slice(0, 3) as { statusCode: number; body: string }[]) expect(r.statusCode, r.body).toBe(200);
    expect(fake.paidCount).toBe(paidBefore + 1);
    const w = await withdrawal(id);
    expect(w).toMatchObject({ state: 'paid', payout_channel: 'gateway', package_info: '' });
    expect(w.payout_reference).toMatch(/^1330/);
    expect(await audits(id, 'commission.withdrawal_paid')).toHaveLength(1);
    expect(await returnsOf(id)).toHaveLength(0);
    expect(await balanceMatchesLedger(agent)).toBe(start);

    // the page says so, and offers nothing to confirm
    const after = (await page(t, token)).json().data;
    expect(after).toMatchObject({ state: 'paid', transfer: null });
    const settled = await written(t);
    for (let i = 0; i < 3; i += 1) expect((await check(t, token)).json().data.state).toBe('paid');
    await t.app.jobs.runNow(PAYOUTS_JOB);
    expect(await written(t)).toEqual(settled);

    // past the bill's deadline the link is gone, and says the money arrived
    clock.advance(24 * 3600_000);
    const spent = await page(t, token);
    expect(spent.statusCode).toBe(404);
    expect(spent.json().message).toBe('收款链接已失效：该笔款项已到账');
  });

  it('a package we never received (the first answer lost) is asked for again under the same number, creating nothing', async () => {
    const { id, token } = await waitingTransfer(1_300);
    const issued = fake.packageOf(payoutNo(id));
    await t.db.kysely.updateTable('commission_withdrawals').set({ package_info: '' }).where('id', '=', id).execute();
    expect((await page(t, token)).json().data).toMatchObject({ state: 'waiting', transfer: null });
    const creates = () => fake.requests.filter((r) => r.method === 'POST' && r.url.endsWith('/transfer-bills')).length;
    const before = creates();
    const again = await check(t, token);
    expect(again.json().data).toMatchObject({ state: 'waiting', transfer: { package_info: issued } });
    // 发起转账 sent once more, answered with the same bill
    expect(creates()).toBe(before + 1);
    expect((await withdrawal(id)).package_info).toBe(issued);
  });

  it('finance cancels an unconfirmed transfer: audited, and the amount comes back exactly once when WeChat has cancelled it', async () => {
    const { id, token, finance } = await waitingTransfer(3_000);
    const agent = await demoAgent();
    const start = await balanceMatchesLedger(agent);
    // nobody settles it by hand meanwhile
    const hand = await adminPost(t, '/api/admin/commissions/withdrawals/paid', { id, reference: 'BANK-0009', request_id: rid() }, finance);
    expect(hand.statusCode).toBe(400);

    const cancelled = await adminPost(t, '/api/admin/commissions/withdrawals/cancel', { id, request_id: rid() }, finance);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await audits(id, 'commission.withdrawal_cancel_requested')).toHaveLength(1);
    // CANCELING at once, CANCELLED when next read: the same request settles it (the bill was read after the cancel)
    const w = await withdrawal(id);
    expect(w).toMatchObject({ state: 'failed', failure_reason: expect.stringMatching(/已撤销/) });
    expect(await returnsOf(id)).toHaveLength(1);
    expect(await balanceMatchesLedger(agent)).toBe(start + 3_000);
    expect(fake.stateOf(payoutNo(id))).toBe('CANCELLED');

    // the payee's page says it is closed; confirming in WeChat now is refused
    expect((await page(t, token)).json().data).toMatchObject({
      state: 'closed',
      transfer: null,
      closed_reason: expect.stringMatching(/已撤销/),
    });
    expect(fake.confirmByPayee(fake.packageOf(payoutNo(id))!, OPENID)).toBe('该笔转账已失效');

    // again: refused, nothing written; the job and the page change nothing
    const settled = await written(t);
    const again = await adminPost(t, '/api/admin/commissions/withdrawals/cancel', { id, request_id: rid() }, finance);
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/无需撤销/);
    await t.app.jobs.runNow(PAYOUTS_JOB);
    await check(t, token);
    expect(await written(t)).toEqual(settled);
    expect(await returnsOf(id)).toHaveLength(1);
  });

  it('a confirmed transfer cannot be cancelled: WeChat refuses, finance reads why, nothing returned', async () => {
    const { id, token, finance } = await waitingTransfer(1_100);
    const pkg = (await page(t, token)).json().data.transfer.package_info as string;
    expect(fake.confirmByPayee(pkg, OPENID)).toBe('ok');
    fake.stateOf(payoutNo(id)); // the transfer arrives (TRANSFERING → SUCCESS)
    const r = await adminPost(t, '/api/admin/commissions/withdrawals/cancel', { id, request_id: rid() }, finance);
    expect(r.statusCode).toBe(400);
    expect(r.json().message).toMatch(/^撤销转账被拒绝：微信支付：当前转账单状态不支持撤销/);
    expect(await returnsOf(id)).toHaveLength(0);
    expect(await t.app.jobs.runNow(PAYOUTS_JOB)).toMatchObject({ ran: true });
    expect((await withdrawal(id)).state).toBe('paid');
  });

  it('the open page is rate-limited per client address', async () => {
    const { token } = await waitingTransfer(1_000);
    const ip = '192.0.2.77';
    let last = 0;
    for (let i = 0; i < 61; i += 1) last = (await page(t, token, ip)).statusCode;
    expect(last).toBe(429);
    expect((await page(t, token, ip)).json().message).toBe('访问过于频繁，请稍后再试');
    // another address is not held up
    expect((await page(t, token, '192.0.2.78')).statusCode).toBe(200);
  });
});

// Package upgrades (docs/decisions/0013): GET /api/v1/upgrade/options and /quote, and the order
// path with goods_type 'upgrade' — priced on the server, paid by balance or through the gateway,
// credited once, delivered onto the package in force and taken back by a refund. SQLite and PostgreSQL.
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { periodEnd, upgradeVerdict } from '@portal/domain';
import { clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/password';
import { refundOrder } from '../src/modules/commerce';
import { baseOf } from '../src/modules/commerce/upgrade/service';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { businessSnapshot, ctxOf, ledgerMatches, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const GB = 1024 * 1024; // KB
const DAY = 86_400_000;
const CPE = '1000000011';
const MULTI = '1000000012';
const paymentIdOf = (url: string) => url.split('/').pop()!;

function ok<T = any>(res: { statusCode: number; body: string; json(): any }): T {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data as T;
}

async function makeOtherUser(t: TestApp): Promise<string> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      mobile: '13900139001',
      account: 'other',
      password_hash: await hashPassword('other1234', TEST_PASSWORD_HASH_COST),
      created_at: clock.iso(),
    })
    .execute();
  return t.loginAccount('other', 'other1234');
}

const pkgId = async (t: TestApp, name: string) =>
  (await t.db.kysely.selectFrom('packages').select('id').where('name', '=', name).executeTakeFirstOrThrow()).id;
const cardOf = (t: TestApp, num: string) =>
  t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
const orderRow = (t: TestApp, no: string) =>
  t.db.kysely.selectFrom('orders').selectAll().where('order_no', '=', no).executeTakeFirstOrThrow();

/** The card's seeded package: 10 days into a 30-day period (the seed's is the calendar month, which may be ending). */
async function resetPackage(t: TestApp, num: string, name: string, gb: number, package_id: number, ends = 20 * DAY) {
  const card = await cardOf(t, num);
  const now = clock.now().getTime();
  await t.db.kysely
    .updateTable('card_packages')
    .set({
      name,
      package_type: 3,
      package_id,
      total_kb: gb * GB,
      started_at: new Date(now + ends - 30 * DAY).toISOString(),
      expired_at: new Date(now + ends).toISOString(),
    })
    .where('card_id', '=', card.id)
    .where('order_no', 'is', null)
    .execute();
}

async function liveRow(t: TestApp, num: string) {
  const card = await cardOf(t, num);
  return t.db.kysely
    .selectFrom('card_packages')
    .selectAll()
    .where('card_id', '=', card.id)
    .where('order_no', 'is', null)
    .executeTakeFirstOrThrow();
}

/** Give the card a balance the ledger accounts for. */
async function fund(t: TestApp, num: string, fen: number) {
  const card = await cardOf(t, num);
  await t.db.kysely
    .updateTable('cards')
    .set({ balance_fen: card.balance_fen + fen })
    .where('id', '=', card.id)
    .execute();
  await t.db.kysely
    .insertInto('balance_ledger')
    .values({
      card_id: card.id,
      amount_fen: fen,
      balance_after_fen: card.balance_fen + fen,
      kind: 'recharge',
      order_no: '',
      note: '测试充值',
      created_at: clock.iso(),
    })
    .execute();
}

describe.each(databases())('package upgrades on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let other: string;
  let p200: number, p300: number, p500: number, p1000: number;

  beforeAll(async () => {
    demo = await t.loginAccount();
    other = await makeOtherUser(t);
    [p200, p300, p500, p1000] = await Promise.all(
      ['三网通 200G月包', '5G CPE 300G月包', '5G CPE 500G月包', '5G CPE 1000G月包'].map((n) => pkgId(t, n)),
    );
  });
  beforeEach(async () => {
    await resetPackage(t, CPE, '5G CPE 300G月包', 300, p300);
  });

  const options = async (num: string, token = demo) => ok(await t.get(`/api/v1/upgrade/options?custom_num=${num}`, token));
  const create = (body: Record<string, unknown>, token = demo) =>
    t.post('/api/v1/order/create', { custom_num: CPE, goods_type: 'upgrade', request_id: rid(), ...body }, token);

  describe('the quote', () => {
    it('lists the bigger packages of the card’s series with what changes and what it costs now', async () => {
      const a = await options(CPE);
      const row = await liveRow(t, CPE);
      expect(a.current).toEqual({
        name: '5G CPE 300G月包',
        total_kb: 300 * GB,
        expired_at: row.expired_at,
        valid_until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      });
      expect(a.refusal).toBeNull();
      expect(a.options.map((o: any) => o.package.name)).toEqual(['5G CPE 500G月包', '5G CPE 1000G月包']);
      const o = a.options[0];
      // 59.00 for 30 days, 20 days left: credit 39.34 (rounded up); the 1000G's 89.00 buys a calendar month
      // from the same start — 28 to 31 days, by when the suite runs — so 89.00 × 20/30 = 59.33 (down) in
      // a 30-day month, 57.41 in a 31-day one; payable the difference
      expect(o.upgrade).toMatchObject({
        from_kb: 300 * GB,
        to_kb: 500 * GB,
        expired_at: row.expired_at,
        valid_until: a.current.valid_until,
        remaining_days: expect.any(Number),
        text: `流量 300GB → 500GB，立即生效，有效期不变至 ${a.current.valid_until}`,
      });
      expect(o.upgrade.credit).toBeCloseTo(39.34, 2);
      const month = periodEnd(new Date(row.started_at), 2, 1).getTime() - Date.parse(row.started_at);
      const chargeFen = Math.floor((8900 * 20 * DAY) / month);
      expect(o.upgrade.charge).toBeCloseTo(chargeFen / 100, 2);
      expect(o.upgrade.payable).toBeCloseTo((chargeFen - 3934) / 100, 2);
      // the order path prices the same
      const quote = ok(await t.post('/api/v1/order/quote', { custom_num: CPE, goods_type: 'upgrade', package_id: p500 }, demo));
      expect(quote).toMatchObject({ goods_type: 'upgrade', payable: o.upgrade.payable, total: o.upgrade.payable, discount: 0 });
      expect(quote.title).toBe('升级为5G CPE 500G月包（流量 300GB → 500GB）');
      // one option in full (figures of a moment later: the same to the fen but for the time)
      const one = ok(await t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=${p500}`, demo));
      expect({ ...one, upgrade: { ...one.upgrade, effective_at: '' } }).toEqual({ ...o, upgrade: { ...o.upgrade, effective_at: '' } });
    });

    it('the multi-SIM device has bigger packages to upgrade to as well', async () => {
      // its seeded plan is the calendar month's, which on a month's last day is too near its end to upgrade
      await resetPackage(t, MULTI, '三网通 200G月包', 200, p200);
      const a = await options(MULTI);
      expect(a.current.name).toBe('三网通 200G月包');
      expect(a.options.length).toBeGreaterThanOrEqual(2);
    });

    it('a package that is no upgrade says why, per option', async () => {
      const small = ok(await t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=${p200}`, demo));
      expect(small).toMatchObject({ upgrade: null, refusal: { action: 'none', reason: expect.stringMatching(/流量不多于当前套餐/) } });
      const refuel = await pkgId(t, '10G加油包');
      const r = ok(await t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=${refuel}`, demo));
      expect(r.refusal).toEqual({ action: 'buy', reason: expect.stringMatching(/不属于套餐升级/) });
    });

    it('refuses a card whose package ends within a day (renew instead) or that has none (buy one)', async () => {
      await resetPackage(t, CPE, '5G CPE 300G月包', 300, p300, 12 * 3600_000);
      const soon = await options(CPE);
      expect(soon).toMatchObject({ options: [], refusal: { action: 'renew', reason: expect.stringMatching(/24小时内到期/) } });
      const before = await businessSnapshot(t);
      expectRejected(await create({ package_id: p500, pay_channel: 2 }), 400);
      expect(await businessSnapshot(t)).toEqual(before);
      const none = await options('1000000002');
      expect(none).toEqual({ current: null, options: [], refusal: { action: 'buy', reason: expect.stringMatching(/没有生效中的套餐/) } });
    });
  });

  describe('authorization and bad input', () => {
    it('another user’s card answers like an unknown card, and nothing is written', async () => {
      const unknown = expectRejected(await t.get('/api/v1/upgrade/options?custom_num=1999999999', demo));
      expect(unknown).toEqual({ code: Code.NOT_FOUND, message: '未找到该卡', data: null });
      const same = { status: 404, code: Code.NOT_FOUND, message: /^未找到该卡$/ };
      const before = await businessSnapshot(t);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'options', send: () => t.get(`/api/v1/upgrade/options?custom_num=${CPE}`, other), ...same },
        { name: 'quote', send: () => t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=${p500}`, other), ...same },
        { name: 'order', send: () => create({ package_id: p500, pay_channel: 2 }, other), status: 403 },
        { name: 'visitor', send: () => t.get(`/api/v1/upgrade/options?custom_num=${CPE}`), status: 401 },
      ]);
      expect(await businessSnapshot(t)).toEqual(before);
    });

    it('bad input: 4xx with a Chinese message, nothing written', async () => {
      const acme = await pkgId(t, '极客60G月包');
      const voucher = (await t.db.kysely.selectFrom('vouchers').select('id').executeTakeFirstOrThrow()).id;
      const before = await businessSnapshot(t);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'no card', send: () => t.get('/api/v1/upgrade/options', demo), status: 400 },
        { name: 'bad card', send: () => t.get('/api/v1/upgrade/options?custom_num=abc', demo), status: 400 },
        { name: 'no package', send: () => t.get(`/api/v1/upgrade/quote?custom_num=${CPE}`, demo), status: 400 },
        { name: 'bad package', send: () => t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=-1`, demo), status: 400 },
        {
          name: 'another agent’s package',
          send: () => t.get(`/api/v1/upgrade/quote?custom_num=${CPE}&package_id=${acme}`, demo),
          status: 404,
        },
        { name: 'order without package', send: () => create({ pay_channel: 2 }), code: Code.GOODS_REQUIRED },
        { name: 'order for a smaller package', send: () => create({ package_id: p200, pay_channel: 2 }), code: Code.PACKAGE_UNAVAILABLE },
        { name: 'order for the same package', send: () => create({ package_id: p300, pay_channel: 2 }), code: Code.PACKAGE_UNAVAILABLE },
        { name: 'order with a voucher', send: () => create({ package_id: p500, pay_channel: 2, voucher_id: voucher }) },
        { name: 'balance too low', send: () => create({ package_id: p500, pay_channel: 3 }), code: Code.BALANCE_INSUFFICIENT },
      ]);
      expect(await businessSnapshot(t)).toEqual(before);
    });
  });

  describe('paying and refunding', () => {
    it('by balance: the package becomes the bigger one now, the balance pays the difference once; a refund restores both', async () => {
      await fund(t, CPE, 5000);
      const before = await cardOf(t, CPE);
      const row = await liveRow(t, CPE);
      const requestId = rid();
      const first = ok(await create({ package_id: p500, pay_channel: 3, request_id: requestId }));
      expect(first).toMatchObject({ goods_type: 'upgrade', state: 'fulfilled', pay: { kind: 'settled' } });
      // the same request again is the same order, charged once
      expect(ok(await create({ package_id: p500, pay_channel: 3, request_id: requestId })).order_no).toBe(first.order_no);
      const after = await cardOf(t, CPE);
      expect(before.balance_fen - after.balance_fen).toBe(Math.round(first.payable * 100));
      expect(await ledgerMatches(t, CPE)).toEqual({ balance: after.balance_fen, sum: after.balance_fen });
      const up = await liveRow(t, CPE);
      expect(up).toMatchObject({ id: row.id, name: '5G CPE 500G月包', package_id: p500, total_kb: 500 * GB, expired_at: row.expired_at });
      // the order's detail says when it works
      const detail = ok(await t.get(`/api/v1/order/detail?order_no=${first.order_no}`, demo));
      expect(detail.package_window.valid_until).toBe((await options(CPE)).current.valid_until);
      // now 500 → 1000 is the upgrade on offer
      expect((await options(CPE)).options.map((o: any) => o.upgrade.text.split('，')[0])).toEqual(['流量 500GB → 1000GB']);

      const report = await refundOrder(ctxOf(t), first.order_no, '测试退款');
      expect(report.outcome).toBe('refunded');
      expect(report.effects).toEqual(expect.arrayContaining([expect.stringMatching(/恢复为「5G CPE 300G月包」/)]));
      expect(await liveRow(t, CPE)).toMatchObject({
        name: '5G CPE 300G月包',
        package_type: 3,
        package_id: p300,
        total_kb: 300 * GB,
        expired_at: row.expired_at,
      });
      expect((await cardOf(t, CPE)).balance_fen).toBe(before.balance_fen);
      expect(await ledgerMatches(t, CPE)).toEqual({ balance: before.balance_fen, sum: before.balance_fen });
    });

    it('through the gateway: credited exactly once, a repeated notification changes nothing; a refund restores the package', async () => {
      const row = await liveRow(t, CPE);
      const o = ok(await create({ package_id: p1000, pay_channel: 2 }));
      expect(o).toMatchObject({ state: 'pending', pay: { kind: 'redirect' } });
      expect((await liveRow(t, CPE)).total_kb).toBe(300 * GB); // nothing before the money
      const sandbox = sandboxOf(t);
      const paid = (await sandbox.finish(paymentIdOf(o.pay.url), 'pay', { drop: true }))!;
      expect(paid.amount_fen).toBe(Math.round(o.payable * 100));
      expect((await notify(t, 2, sandbox.notificationFor(paid))).json().data.result).toBe('success');
      const once = await businessSnapshot(t);
      expect((await notify(t, 2, sandbox.notificationFor(paid))).json().data.result).toBe('success');
      expect(await businessSnapshot(t)).toEqual(once);
      expect((await orderRow(t, o.order_no)).state).toBe('fulfilled');
      const payments = await t.db.kysely.selectFrom('payments').selectAll().where('order_no', '=', o.order_no).execute();
      expect(payments).toHaveLength(1);
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 1000G月包', total_kb: 1000 * GB, expired_at: row.expired_at });

      const report = await refundOrder(ctxOf(t), o.order_no, '测试退款');
      expect(report).toMatchObject({ outcome: 'refunded', route: 'gateway', amount_fen: paid.amount_fen });
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 300G月包', package_id: p300, total_kb: 300 * GB });
      expect((await orderRow(t, o.order_no)).state).toBe('refunded');
    });

    it('an order whose base changed before it was paid still delivers what was paid for, and refunds come off in order', async () => {
      await fund(t, CPE, 20000);
      // two upgrades quoted from 300GB: to 500 (by the gateway, left pending) and to 1000 (by balance, at once)
      const to500 = ok(await create({ package_id: p500, pay_channel: 2 }));
      const to1000 = ok(await create({ package_id: p1000, pay_channel: 3 }));
      expect((await liveRow(t, CPE)).total_kb).toBe(1000 * GB);
      // the 500 order is paid now: no longer an upgrade of 1000, so its 200GB are added to the package in force
      const sandbox = sandboxOf(t);
      const paid = (await sandbox.finish(paymentIdOf(to500.pay.url), 'pay', { drop: true }))!;
      expect((await notify(t, 2, sandbox.notificationFor(paid))).json().data.result).toBe('success');
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 1000G月包', total_kb: 1200 * GB });
      // refunds take back each order's own part: the upgrade (700GB, the package's name) …
      await refundOrder(ctxOf(t), to1000.order_no, '测试退款');
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 300G月包', total_kb: 500 * GB, package_id: p300 });
      // … and the 200GB the other order added
      await refundOrder(ctxOf(t), to500.order_no, '测试退款');
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 300G月包', total_kb: 300 * GB, package_id: p300 });
    });

    it('a later upgrade of the same package must be refunded first', async () => {
      await fund(t, CPE, 20000);
      const to500 = ok(await create({ package_id: p500, pay_channel: 3 }));
      const to1000 = ok(await create({ package_id: p1000, pay_channel: 3 }));
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 1000G月包', total_kb: 1000 * GB });
      const before = await businessSnapshot(t);
      await expect(refundOrder(ctxOf(t), to500.order_no, '测试退款')).rejects.toMatchObject({ code: Code.REFUND_GOODS_IN_USE });
      expect(await businessSnapshot(t)).toEqual(before);
      await refundOrder(ctxOf(t), to1000.order_no, '测试退款');
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 500G月包', total_kb: 500 * GB, package_id: p500 });
      await refundOrder(ctxOf(t), to500.order_no, '测试退款');
      expect(await liveRow(t, CPE)).toMatchObject({ name: '5G CPE 300G月包', total_kb: 300 * GB, package_id: p300 });
    });

    it('the amount is the server’s: the quote at payment time follows the rule on the package in force', async () => {
      const card = await cardOf(t, CPE);
      const base = await baseOf(t.db.kysely, card.id, clock.now());
      const target = await t.db.kysely.selectFrom('packages').selectAll().where('id', '=', p500).executeTakeFirstOrThrow();
      const v = upgradeVerdict(base, target, clock.now());
      const quote = ok(await t.post('/api/v1/order/quote', { custom_num: CPE, goods_type: 'upgrade', package_id: p500, amount: 1 }, demo));
      expect(v.kind === 'upgrade' && v.payable_fen).toBe(Math.round(quote.payable * 100));
    });
  });
});

// Membership and invitations (docs/decisions/0019): registration through an invite code,
// the inviter's records advancing through the invitee's first paid order, growth from paid orders
// taken back by a refund (with the invitation's reward), the member price in the quote, and
// authorization and bad input on every endpoint.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { refundOrder } from '../src/modules/commerce';
import { releaseInviteRewards } from '../src/modules/membership/commerceHooks';
import { expectRejected } from './badInput';
import { ctxOf, notify, rid, sandboxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const paymentIdOf = (url: string) => url.split('/').pop()!;

/** Each request is refused with its Chinese message, and nothing but the rate-limit counters changed. */
async function rejectedWithoutWrites(
  t: TestApp,
  requests: { name: string; send: () => Promise<LightMyRequestResponse>; status?: number; message: RegExp }[],
) {
  const counts = async () => {
    const s = await t.snapshot();
    delete (s as Record<string, number>).throttles;
    return s;
  };
  const before = await counts();
  for (const r of requests) {
    const body = expectRejected(await r.send(), r.status);
    expect(body.message, r.name).toMatch(r.message);
  }
  expect(await counts()).toEqual(before);
}

async function registerVia(t: TestApp, mobile: string, extra: Record<string, unknown> = {}) {
  expect((await t.post('/api/v1/sms/code', { mobile, purpose: 'register' })).json().code).toBe(0);
  const code = await t.lastSmsCode(mobile);
  return t.post('/api/v2/bind_user', { mobile, code, password: 'abc12345', password_again: 'abc12345', agreed: true, ...extra });
}

async function payByGateway(t: TestApp, token: string, body: Record<string, unknown>) {
  const o = (await t.post('/api/v1/order/create', { pay_channel: 1, request_id: rid(), ...body }, token)).json();
  expect(o.code, JSON.stringify(o)).toBe(0);
  const row = (await sandboxOf(t).finish(paymentIdOf(o.data.pay.url), 'pay', { drop: true }))!;
  expect((await notify(t, 1, sandboxOf(t).notificationFor(row))).json()).toMatchObject({ code: 0 });
  return o.data as { order_no: string; payable: number };
}

/** A package the card may buy (its agent's, of its series). */
async function packageFor(t: TestApp, customNum: string): Promise<number> {
  const card = await t.db.kysely
    .selectFrom('cards')
    .select(['agent_id', 'package_series_ids'])
    .where('custom_num', '=', customNum)
    .executeTakeFirstOrThrow();
  const series = JSON.parse(card.package_series_ids) as number[];
  const pkg = await t.db.kysely
    .selectFrom('packages')
    .select('id')
    .where('series_id', 'in', series)
    .where('price_fen', '>', 0)
    .where('on_sale', '=', 1)
    .orderBy('price_fen')
    .executeTakeFirstOrThrow();
  return pkg.id;
}

describe.each(databases())('membership and invitations on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  it("shows the demo user's level, growth and what the next level needs", async () => {
    const token = await t.loginAccount();
    const m = (await t.get('/api/v2/member', token)).json().data;
    expect(m).toMatchObject({
      enabled: true,
      growth: 360,
      level: { name: '普通会员' },
      next: { name: '银卡会员', discount_label: '9.8折' },
      needed: 640,
    });
    expect(m.levels.map((l: { name: string }) => l.name)).toEqual(['普通会员', '银卡会员', '金卡会员', '钻石会员']);
  });

  it('registers through an invite link; the inviter sees the invitee advance, and a refund voids the reward and takes growth back', async () => {
    const inviter = await t.loginAccount();
    const mine = (await t.get('/api/v2/member/invite', inviter)).json().data;
    expect(mine).toMatchObject({ enabled: true, mark: 'demo', invited: 0, reward_growth: 50 });
    expect(mine.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    // the same code every time
    expect((await t.get('/api/v2/member/invite', inviter)).json().data.code).toBe(mine.code);
    expect((await t.get(`/api/v2/invite_code?code=${mine.code}`)).json().data).toEqual({ valid: true, inviter: '138****8000', reason: '' });

    const reg = await registerVia(t, '13900139001', {
      invite_code: mine.code.toLowerCase(),
      custom_num: '1000000020',
      card_password: '123456',
    });
    expect(reg.json(), reg.body).toMatchObject({ code: 0, data: { mobile: '13900139001', custom_num: '1000000020', invited: true } });
    const invitee = reg.json().data.token as string;
    // logged in, with the card bound; the password works for an account login
    expect((await t.get('/api/v1/card/bind_list', invitee)).json().data.list.map((c: { custom_num: string }) => c.custom_num)).toEqual([
      '1000000020',
    ]);
    expect(await t.loginAccount('13900139001', 'abc12345')).toBeTruthy();

    let rec = (await t.get('/api/v2/member/invite_records', inviter)).json().data.list;
    expect(rec).toHaveLength(1);
    expect(rec[0]).toMatchObject({ mobile: '139****9001', state: 'card_bound', state_label: '已绑卡，待首单', void_reason: '' });

    // docs/decisions/0028: a recharge is not the invitee's first order — it earns them growth, the inviter nothing
    await payByGateway(t, invitee, { custom_num: '1000000020', goods_type: 'recharge', amount: 30 });
    rec = (await t.get('/api/v2/member/invite_records', inviter)).json().data.list;
    expect(rec[0]).toMatchObject({ state: 'card_bound', reward_growth: 0 });
    expect((await t.get('/api/v2/member', inviter)).json().data.growth).toBe(360);
    expect((await t.get('/api/v2/member', invitee)).json().data.growth).toBe(30);

    // the first package: the invitation is paid, its reward held until the refund window has passed
    const order = await payByGateway(t, invitee, {
      custom_num: '1000000020',
      goods_type: 'package',
      package_id: await packageFor(t, '1000000020'),
    });
    rec = (await t.get('/api/v2/member/invite_records', inviter)).json().data.list;
    expect(rec[0]).toMatchObject({ state: 'paid', reward_growth: 0 });
    await releaseInviteRewards(t.db.kysely, new Date(Date.now() + 6 * 86_400_000));
    expect((await t.get('/api/v2/member', inviter)).json().data.growth).toBe(360);
    // past the window: released once, however often the job runs
    expect(await releaseInviteRewards(t.db.kysely, new Date(Date.now() + 8 * 86_400_000))).toBe(1);
    expect(await releaseInviteRewards(t.db.kysely, new Date(Date.now() + 9 * 86_400_000))).toBe(0);
    rec = (await t.get('/api/v2/member/invite_records', inviter)).json().data.list;
    expect(rec[0]).toMatchObject({ state: 'rewarded', reward_growth: 50, state_label: '奖励已发放 +50成长值' });
    expect(rec[0].steps.map((s: { done: boolean }) => s.done)).toEqual([true, true, true, true]);
    expect((await t.get('/api/v2/member', inviter)).json().data.growth).toBe(410);
    const paidGrowth = (await t.get('/api/v2/member', invitee)).json().data.growth as number;
    expect(paidGrowth).toBe(30 + order.payable);

    // a refund of the first package voids the invitation and takes the reward back, once
    await refundOrder(ctxOf(t), order.order_no, '客户申请退款');
    await refundOrder(ctxOf(t), order.order_no, '客户申请退款');
    expect((await t.get('/api/v2/member', invitee)).json().data.growth).toBe(30);
    expect((await t.get('/api/v2/member', inviter)).json().data.growth).toBe(360);
    rec = (await t.get('/api/v2/member/invite_records', inviter)).json().data.list;
    expect(rec[0]).toMatchObject({ state: 'void', void_reason: '好友首单已退款', reward_growth: 0 });
  });

  it('a farmed invitation earns nothing: a ¥1 recharge, refunded within the window or not, gives the inviter no growth (docs/decisions/0028)', async () => {
    const inviter = await t.loginAccount();
    const code = (await t.get('/api/v2/member/invite', inviter)).json().data.code as string;
    const before = (await t.get('/api/v2/member', inviter)).json().data.growth as number;
    // the demo's free card again (the invitee of the test above gave it up)
    await t.db.kysely
      .deleteFrom('card_bindings')
      .where('card_id', '=', (eb) => eb.selectFrom('cards').select('id').where('custom_num', '=', '1000000020'))
      .execute();
    const reg = await registerVia(t, '13900139077', { invite_code: code, custom_num: '1000000020', card_password: '123456' });
    expect(reg.json().code, reg.body).toBe(0);
    const farmer = reg.json().data.token as string;
    await payByGateway(t, farmer, { custom_num: '1000000020', goods_type: 'recharge', amount: 1 });
    await releaseInviteRewards(t.db.kysely, new Date(Date.now() + 30 * 86_400_000));
    expect((await t.get('/api/v2/member', inviter)).json().data.growth).toBe(before);
    const rec = (await t.get('/api/v2/member/invite_records', inviter))
      .json()
      .data.list.find((r: { mobile: string }) => r.mobile === '139****9077');
    expect(rec).toMatchObject({ state: 'card_bound', reward_growth: 0 });
  });

  it("prices a package at the owner's member level, in the quote and the order", async () => {
    const token = await t.loginAccount();
    const owner = await t.db.kysely.selectFrom('users').select('id').where('account', '=', 'demo').executeTakeFirstOrThrow();
    const pkg = await t.db.kysely
      .selectFrom('packages')
      .select(['id', 'price_fen'])
      .where('name', '=', '畅享100G月包')
      .executeTakeFirstOrThrow();
    const q0 = (await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'package', package_id: pkg.id }, token)).json()
      .data;
    expect(q0).toMatchObject({ total: 29, discount: 0, payable: 29 });
    expect(q0.member_discount).toBeUndefined();
    // 3000 growth reaches 金卡会员: 9.5折 on packages
    await t.db.kysely
      .insertInto('member_growth')
      .values({ user_id: owner.id, source: 'order', ref: 'TEST-GOLD', amount: 2640, note: 't', created_at: new Date().toISOString() })
      .execute();
    const q = (await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'package', package_id: pkg.id }, token)).json()
      .data;
    expect(q).toMatchObject({
      total: 29,
      discount: 1.45,
      payable: 27.55,
      member_discount: 1.45,
      member_level: '金卡会员',
      voucher_discount: 0,
    });
    const info = (await t.get('/api/v2/card/info?custom_num=1000000001', token)).json().data;
    expect(info.info.x_member_rights).toMatchObject({ level_name: '金卡会员', package_price_pct: 95, discount_label: '9.5折' });
    expect(info.info.card_extensions.member_right_switch).toBe(true);
    // a recharge is not discounted
    const r = (await t.post('/api/v1/order/quote', { custom_num: '1000000001', goods_type: 'recharge', amount: 50 }, token)).json().data;
    expect(r.member_discount).toBeUndefined();

    // the order keeps its member price apart from the voucher: its detail shows both
    const voucher = await t.db.kysely
      .selectFrom('vouchers')
      .innerJoin('cards', 'cards.id', 'vouchers.card_id')
      .select('vouchers.id')
      .where('cards.custom_num', '=', '1000000001')
      .where('vouchers.name', '=', '月包专享10元券')
      .where('vouchers.status', '=', 'usable')
      .executeTakeFirstOrThrow();
    const created = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: pkg.id, voucher_id: voucher.id, pay_channel: 2, request_id: rid() },
      token,
    );
    expect(created.statusCode, created.body).toBe(200);
    const placed = created.json().data;
    expect(placed).toMatchObject({ total: 29, discount: 11.45, payable: 17.55, member_discount: 1.45, voucher_discount: 10 });
    const detail = (await t.get(`/api/v1/order/detail?order_no=${placed.order_no}`, token)).json().data;
    expect(detail).toMatchObject({ discount: 11.45, member_discount: 1.45, voucher_discount: 10, voucher: { name: '月包专享10元券' } });
    await t.post('/api/v1/order/close', { order_no: placed.order_no }, token);
    await t.db.kysely.deleteFrom('member_growth').where('ref', '=', 'TEST-GOLD').execute();
    // without a member price an order has none
    const plain = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'package', package_id: pkg.id, pay_channel: 2, request_id: rid() },
      token,
    );
    expect(plain.json().data).toMatchObject({ discount: 0, payable: 29 });
    expect(plain.json().data.member_discount).toBeUndefined();
    await t.post('/api/v1/order/close', { order_no: plain.json().data.order_no }, token);
  });

  it('answers member and invitation records only to their own user, never by a number', async () => {
    // no login
    expectRejected(await t.get('/api/v2/member'), 401);
    expectRejected(await t.get('/api/v2/member/invite_records'), 401);
    // a card-number login is not a member
    const card = await t.loginCard('1000000007');
    expect(expectRejected(await t.get('/api/v2/member', card), 403).message).toMatch(/卡号登录/);
    expectRejected(await t.get('/api/v2/member/invite_records', card), 403);
    // someone else sees only their own (none), whatever they add to the query
    const other = (await registerVia(t, '13900139002')).json().data.token as string;
    expect((await t.get('/api/v2/member/invite_records?user_id=1', other)).json().data.list).toEqual([]);
    expect((await t.get('/api/v2/member', other)).json().data).toMatchObject({ growth: 0, history: [] });
  });

  it('refuses bad registrations with a Chinese message and writes nothing', async () => {
    const inviter = await t.loginAccount();
    const code = (await t.get('/api/v2/member/invite', inviter)).json().data.code as string;
    await t.post('/api/v1/sms/code', { mobile: '13900139003', purpose: 'register' });
    const sms = await t.lastSmsCode('13900139003');
    const good = { mobile: '13900139003', code: sms, password: 'abc12345', password_again: 'abc12345', agreed: true };
    const post = (b: Record<string, unknown>) => () => t.post('/api/v2/bind_user', b);
    await rejectedWithoutWrites(t, [
      { name: 'bad mobile', send: post({ ...good, mobile: '1234' }), status: 400, message: /手机号/ },
      {
        name: 'weak password',
        send: post({ ...good, password: '12345678', password_again: '12345678' }),
        status: 400,
        message: /字母和数字/,
      },
      { name: 'passwords differ', send: post({ ...good, password_again: 'abc123456' }), status: 400, message: /不一致/ },
      { name: 'not agreed', send: post({ ...good, agreed: false }), status: 400, message: /协议/ },
      { name: 'malformed invite code', send: post({ ...good, invite_code: '0000' }), status: 400, message: /邀请码/ },
      { name: 'unknown invite code', send: post({ ...good, invite_code: 'ZZZZZZZZ' }), status: 400, message: /邀请码不存在/ },
      { name: "another brand's code", send: post({ ...good, mark: 'acme', invite_code: code }), status: 400, message: /品牌/ },
      { name: 'card without its password', send: post({ ...good, custom_num: '1999999999' }), message: /请输入卡密码/ },
      { name: 'bound card', send: post({ ...good, custom_num: '1000000001', card_password: '123456' }), message: /已被其他用户绑定/ },
      { name: 'already registered', send: post({ ...good, mobile: '13800138000' }), status: 400, message: /验证码/ },
    ]);
    // an unknown card answers like a wrong card password (only the guess counters are written)
    const unknown = await t.post('/api/v2/bind_user', { ...good, custom_num: '1999999999', card_password: '123456' });
    expect(expectRejected(unknown).message).toMatch(/^卡号或卡密码错误，还可尝试\d次$/);
    await t.db.kysely.deleteFrom('throttles').where('key', 'like', 'register:%').execute();
    // the code was not used up by any of those: the good request still goes through
    expect((await t.post('/api/v2/bind_user', good)).json().code).toBe(0);
  });

  it('limits registrations per mobile', async () => {
    let last = null;
    for (let i = 0; i < 6; i++)
      last = await t.post('/api/v2/bind_user', {
        mobile: '13900139009',
        code: '123456',
        password: 'abc12345',
        password_again: 'abc12345',
        agreed: true,
      });
    expect(expectRejected(last!, 429).message).toMatch(/注册过于频繁/);
  });

  it('the promotion page shows the brand, featured packages and the sharer', async () => {
    const inviter = await t.loginAccount();
    const code = (await t.get('/api/v2/member/invite', inviter)).json().data.code as string;
    const p = (await t.get(`/api/v2/popularize?mark=demo&invite=${code}`)).json().data;
    expect(p).toMatchObject({ mark: 'demo', name: '畅联流量卡自助服务', inviter: '138****8000', invite_code: code, member_enabled: true });
    expect(p.series.length).toBeGreaterThan(0);
    expect(p.series[0].packages[0].recommended).toBe(true);
    const acme = (await t.get(`/api/v2/popularize?mark=acme&invite=${code}`)).json().data;
    expect(acme).toMatchObject({ name: '极客通信用户中心', inviter: '', invite_code: '', member_enabled: false });
    expectRejected(await t.get('/api/v2/popularize?mark=nobody'), 404);
  });
});

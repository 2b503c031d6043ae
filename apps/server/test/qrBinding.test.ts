// Binding a card by the QR code on its box (docs/decisions/0020): a one-time token issued by the
// operator (stored hashed) binds its card to the logged-in user in one step; a used, forged,
// expired or other card's token is refused clearly and binds nothing; failures are limited per
// client address. Also: a card holder closes their own ticket on /suggest. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import type { Ticket } from '@portal/contract';
import { DEMO_BOX_TOKENS } from '../src/db/seedShop';
import { clock } from '../src/lib/clock';
import { issueTokens } from '../src/modules/bindingTokens';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { ctxOf } from './commerceHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const CHECK = '/api/v2/qr_code_login/check';
const BIND = '/api/v2/qr_code_login/bind';

async function ownerOf(t: TestApp, customNum: string): Promise<number | null> {
  const row = await t.db.kysely
    .selectFrom('card_bindings')
    .innerJoin('cards', 'cards.id', 'card_bindings.card_id')
    .select('card_bindings.user_id')
    .where('cards.custom_num', '=', customNum)
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** A new customer: mobile + SMS code (the login registers them). */
async function newCustomer(t: TestApp, mobile: string): Promise<string> {
  await t.post('/api/v1/sms/code', { mobile, purpose: 'login' });
  const code = await t.lastSmsCode(mobile);
  const res = await t.post('/api/v1/login', { login_model: 'mobile', mobile, code });
  expect(res.json().code, res.body).toBe(0);
  return res.json().data.token as string;
}

describe.each(databases())('QR binding on %s', (kind) => {
  const t = useTestApp(kind);

  it('binds the box’s card to a new customer once; the same code again is refused and binds nothing', async () => {
    const token = DEMO_BOX_TOKENS['1000000020'];
    const check = await t.get(`${CHECK}?custom_num=1000000020&token=${token}`);
    expect(check.json().data).toEqual({ custom_num: '1000000020', usable: true });

    const user = await newCustomer(t, '13700137001');
    const res = await t.post(BIND, { custom_num: '1000000020', token }, user);
    expect(res.json().data, res.body).toEqual({ custom_num: '1000000020', bound: true });
    const list = (await t.get('/api/v1/card/bind_list', user)).json().data.list as { custom_num: string }[];
    expect(list.map((c) => c.custom_num)).toContain('1000000020');
    const stored = await t.db.kysely.selectFrom('binding_tokens').selectAll().where('used_at', 'is not', null).execute();
    expect(stored).toHaveLength(1);
    expect(stored[0]!.token_hash).not.toContain(token);

    // the same user again (a reload): already theirs, not refused
    expect((await t.post(BIND, { custom_num: '1000000020', token }, user)).json().data).toEqual({ custom_num: '1000000020', bound: false });

    const other = await t.loginAccount();
    const before = await ownerOf(t, '1000000020');
    const again = expectRejected(await t.post(BIND, { custom_num: '1000000020', token }, other));
    expect(again.message).toMatch(/已被使用/);
    expect(expectRejected(await t.get(`${CHECK}?custom_num=1000000020&token=${token}`)).message).toMatch(/已被使用/);
    expect(await ownerOf(t, '1000000020')).toBe(before);
  });

  it('refuses forged, mistyped, other card’s and expired codes, and card-number logins, binding nothing', async () => {
    const user = await t.loginAccount();
    const cpeToken = DEMO_BOX_TOKENS['1000000017'];
    const [fresh] = await issueTokens(ctxOf(t), ['1000000017'], { base: 'http://localhost:3000', days: 1 });
    expect(fresh!.url).toBe(`http://localhost:3000/qr_code_login?custom_num=1000000017&token=${fresh!.token}`);
    const cardLogin = await t.loginCard('1000000021');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'no token', send: () => t.post(BIND, { custom_num: '1000000017' }, user), message: /二维码无效/ },
      { name: 'malformed token', send: () => t.post(BIND, { custom_num: '1000000017', token: 'abc' }, user), message: /二维码无效/ },
      { name: 'bad card number', send: () => t.post(BIND, { custom_num: 'x', token: cpeToken }, user) },
      { name: 'not logged in', send: () => t.post(BIND, { custom_num: '1000000017', token: cpeToken }), status: 401 },
      {
        name: 'card-number login',
        send: () => t.post(BIND, { custom_num: '1000000017', token: cpeToken }, cardLogin),
        message: /手机号登录/,
      },
    ]);
    // wrong but well-formed: refused, counted against the address (throttles), nothing bound
    const forged = 'A'.repeat(32);
    expect(expectRejected(await t.post(BIND, { custom_num: '1000000017', token: forged }, user)).message).toMatch(/二维码无效/);
    expect(expectRejected(await t.post(BIND, { custom_num: '1000000020', token: cpeToken }, user)).message).toMatch(/二维码无效/);
    clock.advance(2 * 86_400_000);
    try {
      expect(expectRejected(await t.post(BIND, { custom_num: '1000000017', token: fresh!.token }, user)).message).toMatch(/已过期/);
    } finally {
      clock.reset();
    }
    expect(await ownerOf(t, '1000000017')).toBeNull();
    // the good one still works
    expect((await t.post(BIND, { custom_num: '1000000017', token: cpeToken }, user)).json().data).toEqual({
      custom_num: '1000000017',
      bound: true,
    });
  });

  it('limits failed codes per client address', async () => {
    const ip = { 'x-forwarded-for': '203.0.113.9' };
    let last = null as null | { statusCode: number; body: string };
    for (let i = 0; i < 12; i++) {
      last = await t.inject({
        method: 'GET',
        url: `${CHECK}?custom_num=1000000017&token=${'B'.repeat(31)}${i % 10}`,
        headers: ip,
        remoteAddress: '203.0.113.9',
      });
    }
    expect(last!.statusCode).toBe(429);
    expect(JSON.parse(last!.body).message).toMatch(/次数过多/);
  });
});

describe.each(databases())('closing one’s own ticket on %s', (kind) => {
  const t = useTestApp(kind);
  const URL = '/api/v2/complaints_suggestions';

  it('the owner closes it once: the timeline shows it, no reopening; nobody else can', async () => {
    const token = await t.loginAccount();
    const stranger = await t.loginCard('1000000020');
    expectRejected(await t.post(`${URL}/close`, { ticket_no: 'T26110100000001' }, stranger), 404);
    expectRejected(await t.post(`${URL}/close`, { ticket_no: 'nope' }, token));
    const res = await t.post(`${URL}/close`, { ticket_no: 'T26110100000001' }, token);
    expect(res.statusCode, res.body).toBe(200);
    const closed = res.json().data as Ticket;
    expect(closed.status_label).toBe('已关闭');
    expect(closed.timeline.at(-1)).toMatchObject({ status: 'closed', label: '已关闭', content: '用户已关闭' });
    expect(expectRejected(await t.post(`${URL}/close`, { ticket_no: 'T26110100000001' }, token)).message).toMatch(/已关闭/);
    const again = (await t.get(`${URL}/detail?ticket_no=T26110100000001`, token)).json().data as Ticket;
    expect(again.timeline.filter((e) => e.status === 'closed')).toHaveLength(1);
  });
});

// A bound per card across all sources (docs/decisions/0058): guesses at one card's password sent
// at once from many addresses or accounts are compared only up to a few a day; each further guess
// waits longer (15 minutes, doubling, at most a day), even with the right password, so a guesser
// learns nothing — while the holder still gets in: their account holds the card without a
// password, and the code sent to the card's mobile sets a new card password and ends the wait.
// One guard for every place a card password is compared: card login, /bind_card, adding a device.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Code } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { DEVICE_DEMO } from '../src/db/seedDevices';
import { clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/password';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
/** the refusal while the card waits, with the holder's way past it */
const WAITS =
  /^该卡卡密码错误次数过多，需等待(.+)后才能再试；如您持有该卡，可通过“忘记卡密码”用该卡手机号收到的验证码重设卡密码，重设后即可使用$/;

function cardLogin(t: TestApp, customNum: string, password: string, ip: string) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { login_model: 'customNum', custom_num: customNum, password },
    remoteAddress: ip,
  });
}

/** A bind; no password when `password` is undefined (the holder's own card asks for none). */
function bind(t: TestApp, token: string, customNum: string, password: string | undefined, ip: string) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/card/bind',
    payload: { custom_num: customNum, ...(password === undefined ? {} : { password }) },
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
}

function addDevice(t: TestApp, token: string, password: string, ip: string) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/device/bind',
    payload: { serial: DEVICE_DEMO.unbound.serial, custom_num: DEVICE_DEMO.unbound.customNum, password },
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
}

/** The wait a refusal names ("15分钟", "1小时"), or undefined when it is not the card's wait. */
function waitOf(res: LightMyRequestResponse): string | undefined {
  return WAITS.exec(res.json().message as string)?.[1];
}

/** Wrong card passwords that were compared: each one counts against its address (decision 0028). */
async function compared(t: TestApp, addressPrefix: string): Promise<number> {
  const rows = await t.db.kysely
    .selectFrom('throttles')
    .select('count')
    .where('key', 'like', `card_pw_fail:ip:${addressPrefix}%`)
    .execute();
  return rows.reduce((n, r) => n + Number(r.count), 0);
}

let userSeq = 0;
/** `n` new users, each logged in: their tokens. */
async function newUsers(t: TestApp, n: number): Promise<string[]> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  const hash = await hashPassword('pass1234', TEST_PASSWORD_HASH_COST);
  const tokens = [];
  for (let i = 0; i < n; i++) {
    userSeq += 1;
    const account = `guesser${userSeq}`;
    await t.db.kysely
      .insertInto('users')
      .values({
        agent_id: agent.id,
        mobile: `1370013${String(1000 + userSeq)}`,
        account,
        password_hash: hash,
        created_at: new Date().toISOString(),
      })
      .execute();
    tokens.push(await t.loginAccount(account, 'pass1234'));
  }
  return tokens;
}

/** The holder's way past the wait: the code sent to the card's mobile sets a new card password. */
async function resetBySms(t: TestApp, customNum: string, mobile: string, password: string) {
  clock.advance(61_000); // clear of the 60-second cooldown of the mobile
  const sent = await t.post('/api/v1/card/password/sms', { custom_num: customNum });
  expect(sent.json().code, sent.body).toBe(0);
  const code = await t.lastSmsCode(mobile);
  const reset = await t.post('/api/v1/card/password/reset', { custom_num: customNum, code, password, confirm_password: password });
  expect(reset.json().code, reset.body).toBe(0);
}

describe.each(databases())('card password bound across sources on %s', (kind) => {
  const t = useTestApp(kind);

  it('20 card logins sent at once from 20 addresses: 6 compared, 14 refused before comparing; then even the right password waits', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => cardLogin(t, '1000000002', String(300000 + i), `10.60.0.${i + 1}`)),
    );
    const codes = answers.map((r) => r.json().code);
    const wrong = codes.filter((c) => c === Code.CARD_PASSWORD_WRONG);
    const waiting = answers.filter((r) => waitOf(r) !== undefined);
    expect(wrong.length + waiting.length, JSON.stringify(codes)).toBe(20);
    // 5 told "wrong", the 6th "wrong, now the card waits 15 minutes", the rest refused before any compare
    expect(wrong).toHaveLength(5);
    expect(waiting).toHaveLength(15);
    expect(waiting.every((r) => r.json().code === Code.LOCKED)).toBe(true);
    expect(await compared(t, '10.60.0.')).toBe(6);

    // the right password, from an address that never failed: refused too, or the guesser would learn it
    const right = await cardLogin(t, '1000000002', DEMO.cardPassword, '10.60.1.1');
    expect(right.json().code).toBe(Code.LOCKED);
    expect(waitOf(right)).toMatch(/^1[45]分钟$/);
    // … and it compared nothing
    expect(await compared(t, '10.60.1.')).toBe(0);
    clock.reset();
  });

  it('20 binds of a free card sent at once from 20 accounts: 6 compared, and the right password waits; the holder of its mobile resets and binds', async () => {
    const guessers = await newUsers(t, 20);
    const answers = await Promise.all(guessers.map((token, i) => bind(t, token, '1000000020', String(400000 + i), `10.61.0.${i + 1}`)));
    expect(answers.filter((r) => r.json().code === Code.CARD_PASSWORD_WRONG)).toHaveLength(5);
    expect(answers.filter((r) => waitOf(r) !== undefined)).toHaveLength(15);
    expect(await compared(t, '10.61.0.')).toBe(6);

    // nobody took the card, not even with its printed password
    const [holder] = await newUsers(t, 1);
    const refused = await bind(t, holder!, '1000000020', DEMO.cardPassword, '10.61.1.1');
    expect(refused.json().code).toBe(Code.LOCKED);
    expect(waitOf(refused)).toBeDefined();
    expect(
      await t.db.kysely
        .selectFrom('card_bindings')
        .innerJoin('cards', 'cards.id', 'card_bindings.card_id')
        .where('custom_num', '=', '1000000020')
        .select('user_id')
        .execute(),
    ).toEqual([]);

    // the card's mobile gets the code; the new password ends the wait at once
    await t.db.kysely.updateTable('cards').set({ reserve_mobile: '13612340020' }).where('custom_num', '=', '1000000020').execute();
    await resetBySms(t, '1000000020', '13612340020', '20202');
    const bound = await bind(t, holder!, '1000000020', '20202', '10.61.1.1');
    expect(bound.json().code, bound.body).toBe(0);
    expect(bound.json().data.already_bound).toBe(false);
    clock.reset();
  });

  it('the holder is not held: their account still has the card and binds it; their card login waits until the code to their mobile resets the password', async () => {
    for (let i = 0; i < 6; i++) await cardLogin(t, '1000000003', String(500000 + i), `10.62.0.${i + 1}`);
    expect(waitOf(await cardLogin(t, '1000000003', DEMO.cardPassword, '127.0.0.1'))).toBeDefined();

    // the account that holds the card: in by its mobile's code or password, the card is there, binding it asks nothing
    const account = await t.loginAccount();
    const info = await t.get('/api/v2/card/info?custom_num=1000000003', account);
    expect(info.json().code, info.body).toBe(0);
    const again = await bind(t, account, '1000000003', undefined, '127.0.0.1');
    expect(again.json().code, again.body).toBe(0);
    expect(again.json().data.already_bound).toBe(true);

    // the code to the card's mobile (the holder's) sets a new password: the card login works at once
    await resetBySms(t, '1000000003', DEMO.mobile, '33333');
    const login = await cardLogin(t, '1000000003', '33333', '127.0.0.1');
    expect(login.json().code, login.body).toBe(0);
    // and the card's count starts over: a typo is a typo again
    expect((await cardLogin(t, '1000000003', '000000', '10.62.1.1')).json().message).toBe('卡密码错误，还可尝试4次');
    clock.reset();
  });

  it('one guard for every path: guesses at card login make adding the device wait too, even with the right password', async () => {
    for (let i = 0; i < 6; i++) await cardLogin(t, DEVICE_DEMO.unbound.customNum, String(600000 + i), `10.63.0.${i + 1}`);
    const [other] = await newUsers(t, 1);
    const res = await addDevice(t, other!, DEMO.cardPassword, '10.63.1.1');
    expect(res.json().code).toBe(Code.LOCKED);
    expect(waitOf(res)).toBeDefined();
    clock.advance(15 * MINUTE);
    // after the wait one guess is compared again: the right one proves and forgets the count
    const after = await addDevice(t, other!, DEMO.cardPassword, '10.63.1.1');
    expect(after.json().code, after.body).toBe(0);
    clock.reset();
  });

  it('registration with a card is under the same guard: while the card waits nobody is registered and the code is kept', async () => {
    for (let i = 0; i < 6; i++) await cardLogin(t, '1000000014', String(800000 + i), `10.67.0.${i + 1}`);
    expect((await t.post('/api/v1/sms/code', { mobile: '13900139014', purpose: 'register' })).json().code).toBe(0);
    const code = await t.lastSmsCode('13900139014');
    const body = { mobile: '13900139014', code, password: 'abc12345', password_again: 'abc12345', agreed: true };
    const users = async () => (await t.snapshot()).users;
    const before = await users();
    const refused = await t.post('/api/v2/bind_user', { ...body, custom_num: '1000000014', card_password: DEMO.cardPassword });
    expect(refused.json().code).toBe(Code.LOCKED);
    expect(waitOf(refused)).toBeDefined();
    expect(await users()).toBe(before);
    // the code was not spent on the refusal: registering without the card goes through
    expect((await t.post('/api/v2/bind_user', body)).json().code).toBe(0);
  });

  it('the wait grows with each failure past the free ones — 15 minutes doubling to a day — and a quiet day forgets them', async () => {
    let ip = 0;
    const guess = () => cardLogin(t, '1000000010', '000000', `10.64.0.${++ip}`);
    const messages = [];
    for (let i = 0; i < 5; i++) messages.push((await guess()).json().message);
    // the tries left are the fewer of the address's own (4 after one) and the card's (6 a day)
    expect(messages).toEqual([4, 4, 3, 2, 1].map((n) => `卡密码错误，还可尝试${n}次`));
    const waits = [];
    let wait = 15 * MINUTE;
    for (let i = 0; i < 9; i++) {
      const res = await guess();
      waits.push(waitOf(res));
      // a guess during the wait is refused and does not lengthen it
      clock.advance(wait - MINUTE);
      expect(waitOf(await guess())).toBe('1分钟');
      clock.advance(MINUTE);
      wait = Math.min(wait * 2, 24 * HOUR);
    }
    expect(waits).toEqual(['15分钟', '30分钟', '1小时', '2小时', '4小时', '8小时', '16小时', '24小时', '24小时']);
    // a day without a guess after the last wait: the count is forgotten
    clock.advance(24 * HOUR);
    expect((await guess()).json().message).toBe('卡密码错误，还可尝试4次');
    clock.reset();
  });

  it('one stranger alone still locks only their own address: the holder logs in from theirs', async () => {
    for (let i = 0; i < 5; i++) await cardLogin(t, '1000000012', '000000', '10.65.0.1');
    expect((await cardLogin(t, '1000000012', DEMO.cardPassword, '10.65.0.1')).json().code).toBe(Code.LOCKED);
    expect((await cardLogin(t, '1000000012', DEMO.cardPassword, '10.65.0.2')).json().code).toBe(0);
  });

  it('bad input while the card waits is still refused for itself (4xx, clear message) and writes nothing', async () => {
    for (let i = 0; i < 6; i++) await cardLogin(t, '1000000011', String(700000 + i), `10.66.0.${i + 1}`);
    const token = await t.loginAccount();
    await expectAllRejectedWithoutWrites(t, [
      {
        name: 'login: a card password of letters',
        send: () => cardLogin(t, '1000000011', 'abcd', '10.66.1.1'),
        status: 400,
        message: /卡密码/,
      },
      {
        name: 'login: no card number',
        send: () =>
          t.inject({
            method: 'POST',
            url: '/api/v1/login',
            payload: { login_model: 'customNum', password: '123456' },
            remoteAddress: '10.66.1.1',
          }),
        status: 400,
      },
      {
        name: 'bind: a 3-digit password',
        send: () => bind(t, token, '1000000011', '123', '10.66.1.1'),
        status: 400,
        message: /4-6位数字卡密码/,
      },
      {
        name: 'device: a 7-digit password',
        send: () => addDevice(t, token, '1234567', '10.66.1.1'),
        status: 400,
        message: /4-6位数字卡密码/,
      },
    ]);
    // a refused guess during the wait leaves the card's wait as it was (nothing counted on the card)
    const row = () => t.db.kysely.selectFrom('throttles').selectAll().where('key', '=', 'card_guess:1000000011').executeTakeFirstOrThrow();
    const before = await row();
    expectRejected(await cardLogin(t, '1000000011', DEMO.cardPassword, '10.66.2.1'), 400);
    expect(await row()).toEqual(before);
  });
});

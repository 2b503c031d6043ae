// "Only the holder claims a card" (docs/decisions/0028): every bind proves possession with
// the card password, which the console generates at import and shows once; wrong card passwords are
// limited per card and source, per account and per address, so an account cannot spray guesses over
// many cards and a stranger cannot lock a holder out; the console resets a password with a reason;
// cards that had none get one at migration, listed once for the operator. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { givePasswordsToCardsWithout } from '../src/db/migrations/022_card_password_handouts';
import { luhnDigit } from '../src/modules/admin/cards/importRules';
import { clock } from '../src/lib/clock';
import { hashPassword } from '../src/lib/password';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { expectRejected } from './badInput';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const HEADER = '卡号,ICCID,MSISDN,运营商,套餐系列ID,代理标识';

function iccid(n: number): string {
  const body = `8986011${String(n).padStart(12, '0')}`;
  return body + luhnDigit(body);
}

function csv(lines: string[]) {
  return { file_name: 'cards.csv', content_base64: Buffer.from(`${[HEADER, ...lines].join('\r\n')}\r\n`).toString('base64') };
}

let mobileSeq = 0;
/** A new real user with a mobile of their own; answers their token. */
async function newUser(t: TestApp, account: string): Promise<string> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  mobileSeq += 1;
  await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      mobile: `1390013${String(9000 + mobileSeq)}`,
      account,
      password_hash: await hashPassword('pass1234', TEST_PASSWORD_HASH_COST),
      created_at: new Date().toISOString(),
    })
    .execute();
  return t.loginAccount(account, 'pass1234');
}

function bind(t: TestApp, token: string, body: Record<string, unknown>, ip = '127.0.0.1') {
  return t.inject({
    method: 'POST',
    url: '/api/v1/card/bind',
    payload: body,
    headers: { authorization: `Bearer ${token}` },
    remoteAddress: ip,
  });
}

function cardLogin(t: TestApp, customNum: string, password: string, ip: string) {
  return t.inject({
    method: 'POST',
    url: '/api/v1/login',
    payload: { login_model: 'customNum', custom_num: customNum, password },
    remoteAddress: ip,
  });
}

async function boundNums(t: TestApp, token: string): Promise<string[]> {
  return (await t.get('/api/v1/card/bind_list', token)).json().data.list.map((c: { custom_num: string }) => c.custom_num);
}

describe.each(databases())('proof of possession on %s', (kind) => {
  const t = useTestApp(kind);

  it('the card-squat sequence is refused at the bind: a freshly imported card binds only with the password printed for it', async () => {
    const admin = await loginAs(t, 'admin');
    const done = await adminPost(t, '/api/admin/card-imports', { ...csv([`2000000301,${iccid(301)},,2,1,demo`]), reason: '新到货' }, admin);
    expect(done.statusCode, done.body).toBe(200);
    // the generated password, once, in the import's answer
    const slips = done.json().data.card_passwords as { custom_num: string; password: string }[];
    expect(slips).toEqual([{ custom_num: '2000000301', password: expect.stringMatching(/^\d{6}$/) }]);
    const printed = slips[0]!.password;
    // … and never again: not in the batch list, not in the audit log
    expect((await adminGet(t, '/api/admin/card-imports', admin)).body).not.toContain(printed);
    const audit = await t.db.kysely.selectFrom('audit_log').select(['before', 'after']).where('action', '=', 'cards.import').execute();
    expect(JSON.stringify(audit)).not.toContain(printed);

    const attacker = await newUser(t, 'squatter');
    // bind_check tells nothing: the same answer as for a number that does not exist
    const check = (num: string) => t.get(`/api/v1/card/bind_check?custom_num=${num}`, attacker).then((r) => r.json().data);
    const real = await check('2000000301');
    const none = await check('2000000399');
    expect(real).toMatchObject({ needs_password: true, proof: 'card_password', already_bound: false });
    expect({ ...real, custom_num: '' }).toEqual({ ...none, custom_num: '' });
    // by number alone: refused; with a guess: refused like an unknown number, nothing bound
    expect(expectRejected(await bind(t, attacker, { custom_num: '2000000301' })).code).toBe(Code.CARD_PASSWORD_REQUIRED);
    const guess = expectRejected(
      await bind(t, attacker, { custom_num: '2000000301', password: printed === '000000' ? '111111' : '000000' }),
    );
    const unknown = expectRejected(await bind(t, attacker, { custom_num: '2000000399', password: '000000' }));
    expect(guess.code).toBe(Code.CARD_PASSWORD_WRONG);
    expect({ ...guess, message: guess.message.replace(/\d次/, '') }).toEqual({ ...unknown, message: unknown.message.replace(/\d次/, '') });
    expect(await boundNums(t, attacker)).toEqual([]);
    // the card-password SMS has nobody's mobile to go to (not the attacker's)
    expect(expectRejected(await t.post('/api/v1/card/password/sms', { custom_num: '2000000301' })).code).toBe(Code.CARD_NO_MOBILE);

    // the holder, with the password from the card's carrier
    const holder = await newUser(t, 'holder301');
    const ok = await bind(t, holder, { custom_num: '2000000301', password: printed }, '10.1.1.1');
    expect(ok.json().code, ok.body).toBe(0);
    // a card that has a holder stays theirs: even the right password does not move it
    const taken = expectRejected(await bind(t, attacker, { custom_num: '2000000301', password: printed }));
    expect(taken.code).toBe(Code.CARD_ALREADY_BOUND);
    expect(taken.message).toMatch(/需原绑定人解绑/);
    expect(await boundNums(t, holder)).toEqual(['2000000301']);
  });

  it('50 wrong binds over 20 cards: the account is stopped at 10 across all cards, and the holders still log in to their cards', async () => {
    const sprayer = await newUser(t, 'sprayer');
    const answers = [];
    for (let i = 0; i < 50; i++) {
      const num = `10000000${String(1 + (i % 20)).padStart(2, '0')}`;
      answers.push(await bind(t, sprayer, { custom_num: num, password: String(100000 + i) }, `10.2.0.${i}`));
    }
    const codes = answers.map((r) => r.json().code);
    expect(codes.slice(0, 9).every((c) => c === Code.CARD_PASSWORD_WRONG)).toBe(true);
    expect(answers[9]!.statusCode).toBe(429);
    expect(answers[9]!.json().message).toBe('卡密码错误次数过多，请60分钟后再试');
    // everything after the tenth is refused before any password is compared
    expect(codes.slice(10).every((c) => c === Code.RATE_LIMITED)).toBe(true);
    // the right password does not help the blocked account either
    expect((await bind(t, sprayer, { custom_num: '1000000020', password: DEMO.cardPassword }, '10.2.1.1')).statusCode).toBe(429);
    // no card got locked for its holder
    for (const num of ['1000000001', '1000000014', '1000000020'])
      expect((await cardLogin(t, num, DEMO.cardPassword, '127.0.0.1')).json().code, num).toBe(0);
    clock.advance(61 * 60_000);
    expect((await bind(t, sprayer, { custom_num: '1000000020', password: DEMO.cardPassword }, '10.2.1.1')).json().code).toBe(0);
    clock.reset();
  });

  it('a stranger failing card logins locks only their own address; the holder logs in from theirs; one address is stopped across cards', async () => {
    const from = '10.3.0.1';
    // a card nobody else guessed at in this file: a failure from a second place (the sprayer above
    // tried 1000000001…10) would add up with this stranger's five to the card's own wait (decision 0058)
    for (let i = 1; i <= 4; i++)
      expect((await cardLogin(t, '1000000014', '000000', from)).json().message).toBe(`卡密码错误，还可尝试${5 - i}次`);
    expect((await cardLogin(t, '1000000014', '000000', from)).json().code).toBe(Code.LOCKED);
    expect((await cardLogin(t, '1000000014', DEMO.cardPassword, from)).json().code).toBe(Code.LOCKED);
    expect((await cardLogin(t, '1000000014', DEMO.cardPassword, '10.3.0.2')).json().code).toBe(0);
    // the same address over other cards: 20 wrong card passwords an hour, then it waits
    const sprayer = '10.3.0.9';
    const last = [];
    for (let i = 0; i < 20; i++)
      last.push(await cardLogin(t, `10000000${String(1 + (i % 10)).padStart(2, '0')}`, String(200000 + i), sprayer));
    expect(last.slice(0, 19).every((r) => r.statusCode === 400)).toBe(true);
    expect(last[19]!.statusCode).toBe(429);
    expect((await cardLogin(t, '1000000003', DEMO.cardPassword, sprayer)).statusCode).toBe(429);
  });

  it('the console resets a card password with a reason: shown once, audited without it, card logins signed out, locks lifted', async () => {
    const admin = await loginAs(t, 'admin');
    const session = await t.loginCard('1000000004');
    for (let i = 0; i < 5; i++) await cardLogin(t, '1000000004', '000000', '10.4.0.1');
    const before = await t.snapshot();
    expect((await adminPost(t, '/api/admin/cards/password-reset', { custom_num: '1000000004', reason: '' }, admin)).statusCode).toBe(400);
    expect(
      (await adminPost(t, '/api/admin/cards/password-reset', { custom_num: '1999999999', reason: '用户遗失卡密码' }, admin)).statusCode,
    ).toBe(404);
    expect(await t.snapshot()).toEqual(before);
    const res = await adminPost(t, '/api/admin/cards/password-reset', { custom_num: '1000000004', reason: '用户遗失卡密码' }, admin);
    expect(res.statusCode, res.body).toBe(200);
    const { password, revoked_sessions } = res.json().data;
    expect(password).toMatch(/^\d{6}$/);
    expect(revoked_sessions).toBe(1);
    expect((await t.get('/api/v2/card/info?custom_num=1000000004', session)).json().code).toBe(40001);
    expect((await cardLogin(t, '1000000004', DEMO.cardPassword, '10.4.0.2')).json().code).toBe(Code.CARD_PASSWORD_WRONG);
    expect((await cardLogin(t, '1000000004', password, '10.4.0.1')).json().code).toBe(0);
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'cards.password_reset').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ target_id: '1000000004', reason: '用户遗失卡密码' });
    expect(JSON.stringify(audit)).not.toContain(password);
    // support may not reset (cards.manage)
    const support = await loginAs(t, 'support');
    expect(
      (await adminPost(t, '/api/admin/cards/password-reset', { custom_num: '1000000004', reason: '用户遗失卡密码' }, support)).statusCode,
    ).toBe(403);
  });

  it('cards without a password get one at migration, listed once for the operator', async () => {
    const admin = await loginAs(t, 'admin');
    // the demo's 1000000013 has none (seeded after the migration ran): the migration's step again
    const given = await givePasswordsToCardsWithout(t.db.kysely);
    expect(given).toBeGreaterThanOrEqual(1);
    expect((await adminGet(t, '/api/admin/card-passwords/pending', admin)).json().data.count).toBe(given);
    expect((await adminPost(t, '/api/admin/card-passwords/take', { reason: '' }, admin)).statusCode).toBe(400);
    const took = await adminPost(t, '/api/admin/card-passwords/take', { reason: '打印寄送' }, admin);
    expect(took.statusCode, took.body).toBe(200);
    const items = took.json().data.items as { custom_num: string; password: string; reason: string }[];
    const c13 = items.find((i) => i.custom_num === '1000000013')!;
    expect(c13).toMatchObject({ password: expect.stringMatching(/^\d{6}$/), reason: 'migration' });
    expect((await cardLogin(t, '1000000013', c13.password, '10.5.0.1')).json().code).toBe(0);
    // once: taken, gone
    expect((await adminGet(t, '/api/admin/card-passwords/pending', admin)).json().data.count).toBe(0);
    expect((await adminPost(t, '/api/admin/card-passwords/take', { reason: '打印寄送' }, admin)).json().message).toBe('没有待发放的卡密码');
  });
});

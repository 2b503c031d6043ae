// Card nicknames: the user's own name for a bound card (set, rename, clear), 1-10 characters
// checked by the server with a Chinese message, kept on the binding so that nobody else ever sees
// it (another user binding the same card later starts without it), and refused for a card that is
// not the caller's with nothing written. SQLite and PostgreSQL.
import { beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract';
import { DEMO } from '../src/db/seed';
import { hashPassword } from '../src/lib/password';
import { expectRejected, jsonPost } from './badInput';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

const URL = '/api/v1/card/nickname';

/** Every binding's nickname: proves what a refused request did not write. */
async function allNicknames(t: TestApp) {
  return t.db.kysely.selectFrom('card_bindings').select(['user_id', 'card_id', 'nickname']).orderBy('id').execute();
}

async function nicknameInList(t: TestApp, token: string, num: string): Promise<string | undefined> {
  const res = await t.get('/api/v1/card/bind_list', token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.list.find((c: { custom_num: string }) => c.custom_num === num)?.nickname;
}

async function makeUser(t: TestApp, account: string, mobile: string): Promise<string> {
  const agent = await t.db.kysely.selectFrom('agents').select('id').where('mark', '=', 'demo').executeTakeFirstOrThrow();
  await t.db.kysely
    .insertInto('users')
    .values({
      agent_id: agent.id,
      mobile,
      account,
      password_hash: await hashPassword('other1234', TEST_PASSWORD_HASH_COST),
      created_at: new Date().toISOString(),
    })
    .execute();
  return t.loginAccount(account, 'other1234');
}

describe.each(databases())('card nicknames on %s', (kind) => {
  const t = useTestApp(kind);
  let demo: string;
  let other: string;

  beforeAll(async () => {
    demo = await t.loginAccount();
    other = await makeUser(t, 'nicky', '13900139001');
  });

  it('sets, renames and clears a nickname; the bind list shows it', async () => {
    let res = await t.post(URL, { custom_num: '1000000001', nickname: '  家里路由器 ' }, demo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ code: 0, message: 'ok', data: { custom_num: '1000000001', nickname: '家里路由器' } });
    expect(await nicknameInList(t, demo, '1000000001')).toBe('家里路由器');

    res = await t.post(URL, { custom_num: '1000000001', nickname: '一二三四五六七八九十' }, demo);
    expect(res.json().data.nickname).toBe('一二三四五六七八九十');
    expect(await nicknameInList(t, demo, '1000000001')).toBe('一二三四五六七八九十');

    res = await t.post(URL, { custom_num: '1000000001', nickname: '' }, demo);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.nickname).toBe('');
    expect(await nicknameInList(t, demo, '1000000001')).toBe('');
    // other cards keep theirs untouched
    expect(await nicknameInList(t, demo, '1000000002')).toBe('');
  });

  it('refuses a nickname that is too long or has control characters, with a Chinese message, writing nothing', async () => {
    await t.post(URL, { custom_num: '1000000002', nickname: '车载' }, demo);
    const before = await allNicknames(t);
    for (const [nickname, message] of [
      ['一二三四五六七八九十一', /备注名最多10个字/],
      ['a'.repeat(300), /备注名最多10个字/],
      ['车\u0000载', /特殊字符/],
      [12, /请输入备注名/],
    ] as const) {
      const body = expectRejected(await t.post(URL, { custom_num: '1000000002', nickname }, demo), 400);
      expect(body.message).toMatch(message);
    }
    expectRejected(await t.post(URL, { custom_num: '1000000002' }, demo), 400);
    expectRejected(await t.post(URL, { custom_num: '10000x', nickname: '车载' }, demo), 400);
    expectRejected(await jsonPost(t, URL, '{"custom_num":', demo), 400);
    expect(await allNicknames(t)).toEqual(before);
    expect(await nicknameInList(t, demo, '1000000002')).toBe('车载');
  });

  it('refuses renaming a card that is not mine (403), an unknown card (10000), and without login (401): nothing written', async () => {
    const before = await allNicknames(t);
    // 1000000002 is the demo user's
    expectRejected(await t.post(URL, { custom_num: '1000000002', nickname: '偷改' }, other), 403);
    // 1000000004 is bound to nobody
    expectRejected(await t.post(URL, { custom_num: '1000000004', nickname: '偷改' }, other), 403);
    const unknown = expectRejected(await t.post(URL, { custom_num: '1999999999', nickname: '偷改' }, other));
    expect(unknown.code).toBe(Code.CARD_NOT_FOUND);
    expectRejected(await t.post(URL, { custom_num: '1000000002', nickname: '偷改' }), 401);
    // a card-number login is not the binding's user
    const cardLogin = await t.loginCard('1000000002');
    expectRejected(await t.post(URL, { custom_num: '1000000002', nickname: '偷改' }, cardLogin), 403);
    expect(await allNicknames(t)).toEqual(before);
    expect(await nicknameInList(t, demo, '1000000002')).toBe('车载');
  });

  it('a card login does not see the binding user’s nickname', async () => {
    const cardLogin = await t.loginCard('1000000002');
    expect(await nicknameInList(t, cardLogin, '1000000002')).toBe('');
  });

  it('goes with the binding: after unbinding, another user binding the same card never sees it', async () => {
    await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, demo);
    expect((await t.post(URL, { custom_num: '1000000020', nickname: '旧主人的卡' }, demo)).statusCode).toBe(200);
    expect((await t.post('/api/v1/card/unbind', { custom_num: '1000000020' }, demo)).statusCode).toBe(200);

    const res = await t.post('/api/v1/card/bind', { custom_num: '1000000020', password: DEMO.cardPassword }, other);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.card.nickname).toBe('');
    expect(await nicknameInList(t, other, '1000000020')).toBe('');
    const rows = await allNicknames(t);
    expect(rows.some((r) => r.nickname === '旧主人的卡')).toBe(false);
  });
});

// A holder's saved addresses (地址管理): GET/POST /api/v1/user/addresses, …/delete, …/default —
// ownership (nobody reads or changes another holder's), real province / city / district triples
// from the region dataset, one default, sealed at rest; on both databases.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { hashPassword } from '../src/lib/password';
import { personalData } from '../src/lib/personalData';
import { expectAllRejectedWithoutWrites } from './badInput';
import { databases, TEST_PASSWORD_HASH_COST, useTestApp, type TestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const home = {
  receiver: '王小明',
  mobile: '13700137000',
  province: '广东省',
  city: '深圳市',
  district: '南山区',
  address: '科技园科苑路 15 号',
};
const work = { ...home, receiver: '王小明', province: '北京市', city: '北京市', district: '朝阳区', address: '建国路 88 号 2 单元' };

async function otherHolder(t: TestApp, account = 'other', mobile = '13900139000'): Promise<string> {
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

describe.each(databases())('saved addresses on %s', (kind) => {
  const t = useTestApp(kind);
  const URL = '/api/v1/user/addresses';

  it('saves, lists (default first), edits, sets the default and deletes a holder’s addresses', async () => {
    const token = await t.loginAccount();
    expect(okData(await t.get(URL, token))).toEqual({ list: [] });

    const first = okData(await t.post(URL, home, token));
    expect(first).toEqual({ id: expect.any(Number), ...home, is_default: true });
    const second = okData(await t.post(URL, work, token));
    expect(second.is_default).toBe(false);
    expect(okData(await t.get(URL, token)).list.map((a: { id: number }) => a.id)).toEqual([first.id, second.id]);

    const edited = okData(await t.post(URL, { ...work, id: second.id, address: '建国路 99 号', is_default: true }, token));
    expect(edited).toMatchObject({ id: second.id, address: '建国路 99 号', is_default: true });
    const list = okData(await t.get(URL, token)).list;
    expect(list.map((a: { id: number; is_default: boolean }) => [a.id, a.is_default])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    expect(okData(await t.post(`${URL}/default`, { id: first.id }, token)).list[0]).toMatchObject({ id: first.id, is_default: true });
    // deleting the default hands it to the one left
    const left = okData(await t.post(`${URL}/delete`, { id: first.id }, token)).list;
    expect(left).toEqual([{ ...work, id: second.id, address: '建国路 99 号', is_default: true }]);

    // every part is sealed at rest
    const stored = await t.db.kysely.selectFrom('holder_addresses').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/王小明|13700137000|建国路|北京|朝阳/);
    expect(personalData(t.config).open(stored.district)).toBe('朝阳区');
  });

  it('never shows, changes or deletes another holder’s address, and answers it as not found', async () => {
    const mine = await t.loginAccount();
    const theirs = await otherHolder(t);
    const saved = okData(await t.post(URL, { ...home, receiver: '张三' }, theirs));
    expect(JSON.stringify(okData(await t.get(URL, mine)))).not.toContain('张三');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'edit another’s', send: () => t.post(URL, { ...home, id: saved.id }, mine), status: 404, message: /地址不存在/ },
      { name: 'delete another’s', send: () => t.post(`${URL}/delete`, { id: saved.id }, mine), status: 404, message: /地址不存在/ },
      { name: 'default another’s', send: () => t.post(`${URL}/default`, { id: saved.id }, mine), status: 404, message: /地址不存在/ },
    ]);
    expect(okData(await t.get(URL, theirs)).list).toEqual([saved]);
  });

  it('refuses bad input and card-number logins with a clear message, writing nothing', async () => {
    const token = await t.loginAccount();
    const card = await t.loginCard('1000000006');
    const post =
      (b: unknown, tok = token) =>
      () =>
        t.post(URL, b, tok);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'no login', send: () => t.post(URL, home), status: 401 },
      { name: 'list without login', send: () => t.get(URL), status: 401 },
      { name: 'card-number login', send: post(home, card), status: 403, message: /手机号或账号登录/ },
      { name: 'card-number login lists', send: () => t.get(URL, card), status: 403, message: /手机号或账号登录/ },
      { name: 'unknown province', send: post({ ...home, province: '火星省' }), status: 400, message: /地区/ },
      { name: 'a city of another province', send: post({ ...home, city: '杭州市' }), status: 400, message: /城市/ },
      { name: 'a district of another city', send: post({ ...home, district: '朝阳区' }), status: 400, message: /区 \/ 县/ },
      { name: 'no district', send: post({ ...home, district: '' }), status: 400, message: /区 \/ 县/ },
      { name: 'short street', send: post({ ...home, address: '科苑' }), status: 400, message: /详细地址/ },
      { name: 'bad mobile', send: post({ ...home, mobile: '123' }), status: 400, message: /手机号/ },
      { name: 'one-letter receiver', send: post({ ...home, receiver: '王' }), status: 400, message: /收货人/ },
      { name: 'unknown id', send: post({ ...home, id: 999999 }), status: 404, message: /地址不存在/ },
      { name: 'delete nothing', send: () => t.post(`${URL}/delete`, { id: 999999 }, token), status: 404 },
      { name: 'delete without id', send: () => t.post(`${URL}/delete`, {}, token), status: 400, message: /地址不存在/ },
    ]);
  });

  it('keeps at most 20 addresses a holder', async () => {
    const token = await otherHolder(t, 'many', '13900139009');
    for (let i = 0; i < 20; i++) okData(await t.post(URL, { ...home, address: `科苑路 ${i + 1} 号楼` }, token));
    const res = await t.post(URL, home, token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/最多保存 20 个地址/);
    expect(okData(await t.get(URL, token)).list).toHaveLength(20);
    expect(okData(await t.get(URL, token)).list.filter((a: { is_default: boolean }) => a.is_default)).toHaveLength(1);
  });
});

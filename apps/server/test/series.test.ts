// Package series choice (/select): GET /api/v1/package/series, POST /api/v1/card/select_series —
// on both databases.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { assertPurchasable } from '../src/modules/cardRecord';
import { expectAllRejectedWithoutWrites } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

describe.each(databases())('package series on %s', (kind) => {
  const t = useTestApp(kind);
  const card = (num: string) => t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();
  const select = (num: string, seriesId: unknown, token: string) =>
    t.post('/api/v1/card/select_series', { custom_num: num, series_id: seriesId }, token);

  it('lists the card’s own series of its own agent', async () => {
    const token = await t.loginAccount();
    const multi = okData(await t.get('/api/v1/package/series?custom_num=1000000007', await t.loginCard('1000000007')));
    expect(multi).toEqual({
      multi_series: true,
      list: [
        { id: 1, name: '畅享月包系列', description: expect.any(String) },
        { id: 2, name: '超值年包系列', description: expect.any(String) },
      ],
    });
    expect(okData(await t.get('/api/v1/package/series?custom_num=1000000001', token))).toMatchObject({
      multi_series: false,
      list: [{ id: 1 }],
    });
    const acme = okData(await t.get('/api/v1/package/series?custom_num=1000000014', await t.loginCard('1000000014')));
    expect(acme.list.map((s: { id: number }) => s.id)).toEqual([3]);

    // a series id of another agent in the card's list is not offered
    await t.db.kysely.updateTable('cards').set({ package_series_ids: '[1,3]' }).where('custom_num', '=', '1000000020').execute();
    const mixed = okData(await t.get('/api/v1/package/series?custom_num=1000000020', await t.loginCard('1000000020')));
    expect(mixed.list.map((s: { id: number }) => s.id)).toEqual([1]);
  });

  it('refuses bad choices with a clear message and writes nothing', async () => {
    const token = await t.loginCard('1000000007');
    const account = await t.loginAccount();
    const cancelled = await t.loginCard('1000000005');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'another agent’s series', send: () => select('1000000007', 3, token), status: 400, code: 10404, message: /套餐系列/ },
      { name: 'unknown series', send: () => select('1000000007', 99, token), status: 400, code: 10404 },
      { name: 'not a number', send: () => select('1000000007', 'abc', token), status: 400, code: 10001 },
      {
        name: 'missing',
        send: () => t.post('/api/v1/card/select_series', { custom_num: '1000000007' }, token),
        status: 400,
        message: /套餐系列/,
      },
      { name: 'negative', send: () => select('1000000007', -1, token), status: 400 },
      { name: 'another person’s card', send: () => select('1000000014', 3, account), status: 403 },
      { name: 'unknown card', send: () => select('1999999999', 1, account), status: 400, code: 10000 },
      { name: 'cancelled card', send: () => select('1000000005', 1, cancelled), status: 400, code: 10301 },
      { name: 'no login', send: () => t.post('/api/v1/card/select_series', { custom_num: '1000000007', series_id: 1 }), status: 401 },
      { name: 'listing without login', send: () => t.get('/api/v1/package/series?custom_num=1000000007'), status: 401 },
      { name: 'listing another person’s card', send: () => t.get('/api/v1/package/series?custom_num=1000000014', account), status: 403 },
    ]);
  });

  it('settles a multi-series card on one series, which lifts the series gate', async () => {
    const token = await t.loginCard('1000000007');
    await expect(assertPurchasable(t.db.kysely, await card('1000000007'), 'package')).rejects.toMatchObject({ code: 10303 });
    expect(okData(await select('1000000007', 2, token))).toEqual({ series_id: 2 });
    const c = await card('1000000007');
    expect([c.multi_series, c.package_series_ids]).toEqual([0, '[2]']);
    await expect(assertPurchasable(t.db.kysely, c, 'package')).resolves.toBeUndefined();
    expect(okData(await t.get('/api/v1/package/series?custom_num=1000000007', token))).toMatchObject({
      multi_series: false,
      list: [{ id: 2 }],
    });

    // choosing the same again is a harmless repeat; another one is refused: the choice is made
    expect(okData(await select('1000000007', 2, token))).toEqual({ series_id: 2 });
    const single = await t.loginCard('1000000001');
    await expectAllRejectedWithoutWrites(t, [
      { name: 'second choice', send: () => select('1000000007', 1, token), status: 400, code: 10412, message: /已选定/ },
      { name: 'a single-series card', send: () => select('1000000001', 2, single), status: 400, code: 10412 },
    ]);
  });

  it('two choices racing: exactly one lands', async () => {
    await t.db.kysely
      .updateTable('cards')
      .set({ multi_series: 1, package_series_ids: '[1,2]' })
      .where('custom_num', '=', '1000000020')
      .execute();
    const token = await t.loginCard('1000000020');
    const [a, b] = await Promise.all([select('1000000020', 1, token), select('1000000020', 2, token)]);
    const codes = [a.json().code, b.json().code].sort();
    expect(codes).toEqual([0, 10412]);
    const winner = (a.json().code === 0 ? a : b).json().data.series_id;
    const c = await card('1000000020');
    expect([c.multi_series, c.package_series_ids]).toEqual([0, `[${winner}]`]);
  });
});

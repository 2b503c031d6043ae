// Real-name data, personal information (/collect) with ID photos, carrier real-name
// sessions with the simulator's hosted pages, and the logs that must not hold any of it — on both
// databases. Series choice and card replacement: series.test.ts, replacement.test.ts.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { Writable } from 'node:stream';
import { personalData } from '../src/lib/personalData';
import { buildApp, REDACT } from '../src/app';
import { assertPurchasable } from '../src/modules/cardRecord';
import { clock } from '../src/lib/clock';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';
import { uploadPng } from './uploadHelpers';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const GOOD_ID = '11010519491231002X';

describe.each(databases())('real-name on %s', (kind) => {
  const t = useTestApp(kind);
  const card = (num: string) => t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();

  describe('real-name data', () => {
    it('answers the mode, page and verified flag by carrier (v1 and v2)', async () => {
      const token = await t.loginAccount();
      const unicom = okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000003', token));
      expect(unicom).toMatchObject({ supplier: 2, real_name_mode: 0, verified: false, page: '/lt_real_name', personal_info: null });
      const healthy = okData(await t.get('/api/v2/real_name_recharge?custom_num=1000000001', token));
      expect(healthy).toMatchObject({ verified: true, order_has_payment: true });
      const telecom = okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000014', await t.loginCard('1000000014')));
      expect(telecom).toMatchObject({ supplier: 3, real_name_mode: 1, page: '/dx_real_name' });
      const mobile = okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000015', await t.loginCard('1000000015')));
      expect(mobile).toMatchObject({ supplier: 1, real_name_mode: 1, page: '/yd_real_name' });
    });

    it('is for the caller’s cards only', async () => {
      const token = await t.loginAccount();
      expectRejected(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000014', token), 403);
      expect(expectRejected(await t.get('/api/v1/user/real_name_recharge?custom_num=1999999999', token), 400).code).toBe(10000);
    });
  });

  describe('personal information (/collect)', () => {
    it('saves it, clears need_id, and answers it masked only', async () => {
      const token = await t.loginCard('1000000008');
      const res = await t.post(
        '/api/v1/user/card_real_name',
        { custom_num: '1000000008', name: '张三', id_number: GOOD_ID, mobile: '13900139000' },
        token,
      );
      const data = okData(res);
      expect(data).toEqual({ need_id: false, personal_info: { name: '张*', id_number: '1101**********002X', mobile: '139****9000' } });
      expect(res.body).not.toContain(GOOD_ID);
      expect((await card('1000000008')).need_id).toBe(0);
      const again = okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000008', token));
      expect(again.personal_info.id_number).toBe('1101**********002X');
    });

    it('refuses bad input with a clear message and writes nothing', async () => {
      const token = await t.loginCard('1000000008');
      const cancelled = await t.loginCard('1000000005');
      const body = { custom_num: '1000000008', name: '张三', id_number: GOOD_ID, mobile: '13900139000' };
      const post =
        (b: unknown, tok: string = token) =>
        () =>
          t.post('/api/v1/user/card_real_name', b, tok);
      await expectAllRejectedWithoutWrites(t, [
        {
          name: 'check digit wrong',
          send: post({ ...body, id_number: '110105194912310021' }),
          status: 400,
          code: 10401,
          message: /身份证/,
        },
        { name: 'too short', send: post({ ...body, id_number: '1101051949' }), status: 400, message: /身份证/ },
        { name: 'no name', send: post({ ...body, name: undefined }), status: 400, message: /姓名/ },
        { name: 'latin name', send: post({ ...body, name: 'Zhang San' }), status: 400, message: /姓名/ },
        { name: 'bad mobile', send: post({ ...body, mobile: '12345' }), status: 400, message: /手机号/ },
        { name: 'another person’s card', send: post({ ...body, custom_num: '1000000014' }), status: 403 },
        { name: 'cancelled card', send: post({ ...body, custom_num: '1000000005' }, cancelled), status: 400, code: 10301 },
        { name: 'no login', send: () => t.post('/api/v1/user/card_real_name', body), status: 401 },
      ]);
    });
  });

  describe('ID card photos (Telecom, CME, Broadcast)', () => {
    const body = { custom_num: '1000000014', name: '王五', id_number: GOOD_ID, mobile: '13600136000' };

    it('a Telecom card needs both sides, each an upload of the caller’s own', async () => {
      const token = await t.loginCard('1000000014');
      expect(okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000014', token)).need_photos).toBe(true);
      expect(okData(await t.get('/api/v1/user/real_name_recharge?custom_num=1000000001', await t.loginAccount())).need_photos).toBe(false);
      const front = await uploadPng(t, token);
      const back = await uploadPng(t, token);
      const strangers = await uploadPng(t, await t.loginCard('1000000015'));
      const post = (b: unknown) => () => t.post('/api/v1/user/card_real_name', b, token);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'no photos', send: post(body), status: 400, code: 10402, message: /照片/ },
        { name: 'front only', send: post({ ...body, id_photo_front: front }), status: 400, code: 10402 },
        {
          name: 'someone else’s photo',
          send: post({ ...body, id_photo_front: front, id_photo_back: strangers }),
          status: 400,
          code: 10411,
        },
        {
          name: 'made-up id',
          send: post({ ...body, id_photo_front: front, id_photo_back: 'AAAAAAAAAAAAAAAAAAAAAAAA' }),
          status: 400,
          code: 10411,
        },
        {
          name: 'malformed id',
          send: post({ ...body, id_photo_front: front, id_photo_back: '../../etc/passwd' }),
          status: 400,
          message: /图片/,
        },
      ]);
      expect(okData(await t.post('/api/v1/user/card_real_name', { ...body, id_photo_front: front, id_photo_back: back }, token))).toEqual({
        need_id: false,
        personal_info: { name: '王*', id_number: '1101**********002X', mobile: '136****6000' },
      });
      const row = await t.db.kysely
        .selectFrom('card_personal_info')
        .selectAll()
        .where('card_id', '=', (await card('1000000014')).id)
        .executeTakeFirstOrThrow();
      expect([row.id_photo_front, row.id_photo_back]).toEqual([front, back]);
      // sealed at rest: the database holds none of it in the clear, the server opens it
      const sealer = personalData(t.config);
      for (const [stored, plain] of [
        [row.id_number, GOOD_ID],
        [row.name, body.name],
        [row.mobile, body.mobile],
      ] as const) {
        expect(stored.startsWith('pd1.')).toBe(true);
        expect(stored).not.toContain(plain);
        expect(sealer.open(stored)).toBe(plain);
      }
    });

    it('a Unicom card takes the information without photos; need_id lifts the gate', async () => {
      const token = await t.loginCard('1000000008');
      await t.db.kysely.updateTable('cards').set({ need_id: 1 }).where('custom_num', '=', '1000000008').execute();
      await expect(assertPurchasable(t.db.kysely, await card('1000000008'), 'package')).rejects.toMatchObject({ code: 10304 });
      okData(await t.post('/api/v1/user/card_real_name', { ...body, custom_num: '1000000008' }, token));
      await expect(assertPurchasable(t.db.kysely, await card('1000000008'), 'package')).resolves.toBeUndefined();
    });
  });

  it('personal information never reaches the logs', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const app = await buildApp({ db: t.db, config: t.config, logger: { level: 'trace', redact: REDACT, stream } });
    try {
      const login = await app.inject({
        method: 'POST',
        url: '/api/v1/login',
        payload: { login_model: 'customNum', custom_num: '1000000008', password: '123456' },
      });
      const auth = { authorization: `Bearer ${login.json().data.token}` };
      const info = { custom_num: '1000000008', name: '赵六', id_number: GOOD_ID, mobile: '13500135000' };
      expect((await app.inject({ method: 'POST', url: '/api/v1/user/card_real_name', payload: info, headers: auth })).statusCode).toBe(200);
      await app.inject({
        method: 'POST',
        url: '/api/v1/user/card_real_name',
        payload: { ...info, id_number: '110105194912310021' },
        headers: auth,
      });
      await app.inject({ method: 'GET', url: '/api/v1/user/real_name_recharge?custom_num=1000000008', headers: auth });
      // and pino's redaction holds should anyone log a request body one day
      app.log.info(
        { body: info, apply: { receiver_name: '赵六', receiver_mobile: '13500135000', address: '北京市海淀区中关村大街 1 号' } },
        'probe',
      );
    } finally {
      await app.close();
    }
    const log = lines.join('');
    expect(log).toContain('probe');
    for (const secret of [GOOD_ID, '110105194912310021', '赵六', '13500135000', '中关村']) expect(log).not.toContain(secret);
  });

  describe('carrier real-name sessions', () => {
    async function linkOf(num: string, token: string) {
      return okData(await t.post('/api/v1/real_name/start', { custom_num: num, return_path: '/dx_real_name' }, token));
    }

    it('URL mode: a fresh link, the carrier form, back to the portal, and the card becomes verified', async () => {
      const token = await t.loginCard('1000000014');
      const first = await linkOf('1000000014', token);
      const second = await linkOf('1000000014', token);
      expect(first.mode).toBe(1);
      expect(first.url).toMatch(/^\/sim\/carrier\/real-name\/[A-Za-z0-9_-]{32}$/);
      expect(second.url).not.toBe(first.url);
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({
        verified: false,
        changed: false,
        unconfirmed: false,
      });

      const page = await t.inject({ method: 'GET', url: first.url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('提交认证');
      const form = (body: string) =>
        t.inject({ method: 'POST', url: first.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      const bad = await form(`name=${encodeURIComponent('张三')}&id_number=110105194912310021`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('身份证号码有误');
      expect(bad.body).not.toContain('110105194912310021');
      expect(bad.body).toContain('value="张三"');
      const done = await form(`name=${encodeURIComponent('张三')}&id_number=${GOOD_ID}`);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/dx_real_name?real_name=done');

      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({
        verified: true,
        changed: true,
        unconfirmed: false,
      });
      const c = await card('1000000014');
      expect([c.supplier_auth_state, c.auth_state, c.fake_real_name]).toEqual([1, 1, 0]);
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({
        verified: true,
        changed: false,
        unconfirmed: false,
      });
      // a used link is gone, with the way back to the portal page it came from
      const used = await t.inject({ method: 'GET', url: first.url });
      expect(used.statusCode).toBe(410);
      expect(used.body).toContain('链接已失效');
      expect(used.body).toContain('href="/dx_real_name"');
    });

    it('applet mode (Unicom) uses the applet stand-in; links expire after 10 minutes', async () => {
      const token = await t.loginAccount();
      const link = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000003' }, token));
      expect(link.mode).toBe(0);
      expect(link.url).toMatch(/^\/sim\/carrier\/applet\//);
      clock.advance(11 * 60_000);
      expect((await t.inject({ method: 'GET', url: link.url })).statusCode).toBe(410);
      const fresh = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000003', return_path: '//evil.example/x' }, token));
      const back = await t.inject({
        method: 'POST',
        url: fresh.url,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: '',
      });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/lt_real_name?real_name=done');
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000003', token)).verified).toBe(true);
    });

    it('a link works once, even when submitted twice at the same moment; real-name lifts the gate', async () => {
      const token = await t.loginCard('1000000015');
      await expect(assertPurchasable(t.db.kysely, await card('1000000015'), 'package')).rejects.toMatchObject({ code: 10305 });
      const link = await linkOf('1000000015', token);
      expect(link.mode).toBe(1);
      const ttl = Date.parse(link.expires_at) - clock.now().getTime();
      expect(ttl).toBeGreaterThan(10 * 60_000 - 5_000);
      expect(ttl).toBeLessThanOrEqual(10 * 60_000);
      const submit = () =>
        t.inject({
          method: 'POST',
          url: link.url,
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: `name=${encodeURIComponent('张三')}&id_number=${GOOD_ID}`,
        });
      const [a, b] = await Promise.all([submit(), submit()]);
      expect([a.statusCode, b.statusCode].sort()).toEqual([303, 410]);
      expect((a.statusCode === 410 ? a : b).body).toContain('链接已失效');
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000015', token))).toEqual({
        verified: true,
        changed: true,
        unconfirmed: false,
      });
      await expect(assertPurchasable(t.db.kysely, await card('1000000015'), 'package')).resolves.toBeUndefined();
    });

    it('an expired link cannot be submitted either, and the return path stays on the portal', async () => {
      const token = await t.loginAccount();
      const external = okData(
        await t.post('/api/v1/real_name/start', { custom_num: '1000000003', return_path: 'https://evil.example/' }, token),
      );
      const post = (url: string) =>
        t.inject({ method: 'POST', url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      clock.advance(10 * 60_000 + 1000);
      const late = await post(external.url);
      expect(late.statusCode).toBe(410);
      expect(late.body).toContain('链接已失效');
      const fresh = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000003', return_path: '/remind?from=home' }, token));
      const back = await post(fresh.url);
      expect(back.headers.location).toBe('/remind?from=home&real_name=done');
    });

    it('a Bajun card with its own real-name address answers that address', async () => {
      const token = await t.loginAccount();
      const before = await t.snapshot();
      const link = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000010' }, token));
      expect(link).toMatchObject({ mode: 1, url: 'https://realname.example.com/bajun/1000000010' });
      await t.db.kysely.updateTable('cards').set({ real_name_url: 'javascript:alert(1)' }).where('custom_num', '=', '1000000010').execute();
      expect(expectRejected(await t.post('/api/v1/real_name/start', { custom_num: '1000000010' }, token), 400).code).toBe(10407);
      expect(await t.snapshot()).toEqual(before);
    });

    it('refuses a cancelled card, another person’s card, and an unknown ticket', async () => {
      const token = await t.loginAccount();
      const cancelled = await t.loginCard('1000000005');
      await expectAllRejectedWithoutWrites(t, [
        {
          name: 'cancelled',
          send: () => t.post('/api/v1/real_name/start', { custom_num: '1000000005' }, cancelled),
          status: 400,
          code: 10301,
        },
        { name: 'not yours', send: () => t.post('/api/v1/real_name/start', { custom_num: '1000000014' }, token), status: 403 },
      ]);
      expect((await t.inject({ method: 'GET', url: '/sim/carrier/real-name/guessed-ticket' })).statusCode).toBe(410);
    });
  });
});

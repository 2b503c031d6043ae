// Issue 3 API: real-name data, personal information (/collect), carrier real-name sessions with
// the simulator's hosted pages, package series choice and card replacement — on both databases.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { clock } from '../src/lib/clock';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const GOOD_ID = '11010519491231002X';

describe.each(databases())('real-name, series and replacement on %s', (kind) => {
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
      const res = await t.post('/api/v1/user/card_real_name', { custom_num: '1000000008', name: '张三', id_number: GOOD_ID, mobile: '13900139000' }, token);
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
      const post = (b: unknown, tok: string = token) => () => t.post('/api/v1/user/card_real_name', b, tok);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'check digit wrong', send: post({ ...body, id_number: '110105194912310021' }), status: 400, code: 10401, message: /身份证/ },
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
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({ verified: false, changed: false });

      const page = await t.inject({ method: 'GET', url: first.url });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('提交认证');
      const form = (body: string) => t.inject({ method: 'POST', url: first.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body });
      const bad = await form(`name=${encodeURIComponent('张三')}&id_number=110105194912310021`);
      expect(bad.statusCode).toBe(400);
      expect(bad.body).toContain('身份证号码有误');
      expect(bad.body).not.toContain('110105194912310021');
      const done = await form(`name=${encodeURIComponent('张三')}&id_number=${GOOD_ID}`);
      expect(done.statusCode).toBe(303);
      expect(done.headers.location).toBe('/dx_real_name?real_name=done');

      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({ verified: true, changed: true });
      const c = await card('1000000014');
      expect([c.supplier_auth_state, c.auth_state, c.fake_real_name]).toEqual([1, 1, 0]);
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000014', token))).toEqual({ verified: true, changed: false });
      // a used link is gone
      expect((await t.inject({ method: 'GET', url: first.url })).statusCode).toBe(410);
    });

    it('applet mode (Unicom) uses the applet stand-in; links expire after 10 minutes', async () => {
      const token = await t.loginAccount();
      const link = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000003' }, token));
      expect(link.mode).toBe(0);
      expect(link.url).toMatch(/^\/sim\/carrier\/applet\//);
      clock.advance(11 * 60_000);
      expect((await t.inject({ method: 'GET', url: link.url })).statusCode).toBe(410);
      const fresh = okData(await t.post('/api/v1/real_name/start', { custom_num: '1000000003', return_path: '//evil.example/x' }, token));
      const back = await t.inject({ method: 'POST', url: fresh.url, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
      expect(back.statusCode).toBe(303);
      expect(back.headers.location).toBe('/lt_real_name?real_name=done');
      expect(okData(await t.get('/api/v1/real_name/status?custom_num=1000000003', token)).verified).toBe(true);
    });

    it('refuses a cancelled card, another person’s card, and an unknown ticket', async () => {
      const token = await t.loginAccount();
      const cancelled = await t.loginCard('1000000005');
      await expectAllRejectedWithoutWrites(t, [
        { name: 'cancelled', send: () => t.post('/api/v1/real_name/start', { custom_num: '1000000005' }, cancelled), status: 400, code: 10301 },
        { name: 'not yours', send: () => t.post('/api/v1/real_name/start', { custom_num: '1000000014' }, token), status: 403 },
      ]);
      expect((await t.inject({ method: 'GET', url: '/sim/carrier/real-name/guessed-ticket' })).statusCode).toBe(410);
    });
  });

  describe('package series (/select)', () => {
    it('lists the card’s series and settles a multi-series card on one', async () => {
      const token = await t.loginCard('1000000007');
      const list = okData(await t.get('/api/v1/package/series?custom_num=1000000007', token));
      expect(list.multi_series).toBe(true);
      expect(list.list.map((s: { id: number }) => s.id)).toEqual([1, 2]);
      expectRejected(await t.post('/api/v1/card/select_series', { custom_num: '1000000007', series_id: 3 }, token), 400);
      expect((await card('1000000007')).multi_series).toBe(1);
      expect(okData(await t.post('/api/v1/card/select_series', { custom_num: '1000000007', series_id: 2 }, token))).toEqual({ series_id: 2 });
      const c = await card('1000000007');
      expect([c.multi_series, c.package_series_ids]).toEqual([0, '[2]']);
    });
  });

  describe('card replacement', () => {
    const apply = { custom_num: '1000000006', receiver_name: '李四', receiver_mobile: '13700137000', address: '上海市浦东新区张江路 100 号', reason: '运营商通知换卡' };

    it('shows the notice with the device warning, takes one application and clears the prompt', async () => {
      const token = await t.loginCard('1000000006');
      const notice = okData(await t.get('/api/v2/overt/change_card_content?custom_num=1000000006', token));
      expect(notice.content).toContain('运营商可能对其停机');
      expect(okData(await t.get('/api/v1/card/change_card_info?custom_num=1000000006', token))).toEqual({ need_change_card: true, application: null });
      const after = okData(await t.post('/api/v1/card/change_card', apply, token));
      expect(after.need_change_card).toBe(false);
      expect(after.application).toMatchObject({ status: 'submitted', receiver_name: '李*', receiver_mobile: '137****7000' });
      expect(expectRejected(await t.post('/api/v1/card/change_card', apply, token), 400).code).toBe(10405);
    });

    it('refuses bad input and writes nothing', async () => {
      const token = await t.loginCard('1000000006');
      const healthy = await t.loginAccount();
      const post = (b: unknown, tok = token) => () => t.post('/api/v1/card/change_card', b, tok);
      await expectAllRejectedWithoutWrites(t, [
        { name: 'short address', send: post({ ...apply, address: '上海' }), status: 400, message: /地址/ },
        { name: 'no reason', send: post({ ...apply, reason: '' }), status: 400, message: /原因/ },
        { name: 'bad mobile', send: post({ ...apply, receiver_mobile: '1' }), status: 400, message: /手机号/ },
        { name: 'card needs no replacement', send: post({ ...apply, custom_num: '1000000001' }, healthy), status: 400, code: 10406 },
        { name: 'not yours', send: post({ ...apply, custom_num: '1000000014' }), status: 403 },
      ]);
    });
  });
});

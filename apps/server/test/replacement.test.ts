// Card replacement (/replace_card, /replace_info): GET /api/v1/card/change_card_info,
// GET /api/v2/overt/change_card_content, POST /api/v1/card/change_card — on both databases.
import { describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { personalData } from '../src/lib/personalData';
import { assertPurchasable } from '../src/modules/cardRecord';
import { adminPost, loginAs } from './adminHelpers';
import { expectAllRejectedWithoutWrites, expectRejected } from './badInput';
import { databases, useTestApp } from './harness';

function okData(res: LightMyRequestResponse) {
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code, res.body).toBe(0);
  return res.json().data;
}

const apply = {
  custom_num: '1000000006',
  receiver_name: '李四',
  receiver_mobile: '13700137000',
  province: '上海市',
  city: '上海市',
  district: '浦东新区',
  address: '张江路 100 号 3 栋',
  reason: '运营商通知换卡',
};

describe.each(databases())('card replacement on %s', (kind) => {
  const t = useTestApp(kind);
  const card = (num: string) => t.db.kysely.selectFrom('cards').selectAll().where('custom_num', '=', num).executeTakeFirstOrThrow();

  it('shows the notice with the device warning; questions go to the agent’s 客服, never to the app itself', async () => {
    const token = await t.loginCard('1000000006');
    const notice = okData(await t.get('/api/v2/overt/change_card_content?custom_num=1000000006', token));
    expect(notice.title).toBe('换卡须知');
    expect(notice.content).toContain('运营商可能对其停机');
    expect(notice.content).toContain('联系客服');
    expect(notice.content).toContain('客服热线 400-800-1234（每天 9:00-21:00）');
    expect(notice.content).not.toContain('畅联流量卡自助服务');
    const acme = okData(await t.get('/api/v2/overt/change_card_content?custom_num=1000000014', await t.loginCard('1000000014')));
    expect(acme.content).toContain('客服热线 400-900-5678。');
    expect(acme.content).not.toContain('极客通信用户中心');
  });

  it('refuses bad input with a clear message and writes nothing', async () => {
    const token = await t.loginCard('1000000006');
    const healthy = await t.loginAccount();
    const cancelled = await t.loginCard('1000000005');
    const post =
      (b: unknown, tok = token) =>
      () =>
        t.post('/api/v1/card/change_card', b, tok);
    await expectAllRejectedWithoutWrites(t, [
      { name: 'short address', send: post({ ...apply, address: '张江' }), status: 400, message: /地址/ },
      { name: 'no province', send: post({ ...apply, province: undefined }), status: 400, message: /省份/ },
      { name: 'unknown province', send: post({ ...apply, province: '火星省' }), status: 400, message: /省份/ },
      { name: 'no city', send: post({ ...apply, city: '' }), status: 400, message: /城市/ },
      { name: 'a city of another province', send: post({ ...apply, city: '深圳市' }), status: 400, message: /城市/ },
      { name: 'no district', send: post({ ...apply, district: undefined }), status: 400, message: /区 \/ 县/ },
      { name: 'a district of another city', send: post({ ...apply, district: '南山区' }), status: 400, message: /区 \/ 县/ },
      { name: 'long address', send: post({ ...apply, address: '上'.repeat(121) }), status: 400, message: /地址/ },
      { name: 'long reason', send: post({ ...apply, reason: '因'.repeat(201) }), status: 400, message: /原因/ },
      { name: 'bad mobile', send: post({ ...apply, receiver_mobile: '1' }), status: 400, message: /手机号/ },
      { name: 'no receiver', send: post({ ...apply, receiver_name: undefined }), status: 400, message: /姓名/ },
      { name: 'card needs no replacement', send: post({ ...apply, custom_num: '1000000001' }, healthy), status: 400, code: 10406 },
      { name: 'cancelled card', send: post({ ...apply, custom_num: '1000000005' }, cancelled), status: 400, code: 10301 },
      { name: 'not yours', send: post({ ...apply, custom_num: '1000000014' }), status: 403 },
      { name: 'unknown card', send: post({ ...apply, custom_num: '1999999999' }), status: 400, code: 10000 },
      { name: 'no login', send: () => t.post('/api/v1/card/change_card', apply), status: 401 },
      {
        name: 'info of another person’s card',
        send: () => t.get('/api/v1/card/change_card_info?custom_num=1000000014', token),
        status: 403,
      },
      { name: 'notice without login', send: () => t.get('/api/v2/overt/change_card_content?custom_num=1000000006'), status: 401 },
    ]);
  });

  it('takes one application, answers it masked, and lifts the replacement gate', async () => {
    const token = await t.loginCard('1000000006');
    expect(okData(await t.get('/api/v1/card/change_card_info?custom_num=1000000006', token))).toEqual({
      need_change_card: true,
      application: null,
      progress: null,
    });
    await expect(assertPurchasable(t.db.kysely, await card('1000000006'), 'package')).rejects.toMatchObject({ code: 10302 });

    const res = await t.post('/api/v1/card/change_card', apply, token);
    const after = okData(res);
    expect(res.body).not.toContain('13700137000');
    expect(after).toEqual({
      need_change_card: false,
      application: {
        id: expect.any(Number),
        status: 'submitted',
        receiver_name: '李*',
        receiver_mobile: '137****7000',
        province: '上海市',
        city: '上海市',
        district: '浦东新区',
        address: apply.address,
        reason: apply.reason,
        carrier: '',
        tracking_no: '',
        created_at: expect.any(String),
        new_custom_num: '',
      },
      progress: expect.objectContaining({ status: 'submitted', title: '换卡申请审核中', ongoing: true }),
    });
    expect(okData(await t.get('/api/v1/card/change_card_info?custom_num=1000000006', token))).toEqual(after);
    // who receives the card and where is sealed at rest
    const stored = await t.db.kysely
      .selectFrom('change_card_applications')
      .select(['receiver_name', 'receiver_mobile', 'province', 'city', 'district', 'address'])
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toMatch(/李四|13700137000|张江路|上海|浦东/);
    expect(personalData(t.config).open(stored.district)).toBe('浦东新区');
    expect(personalData(t.config).open(stored.address)).toBe(apply.address);
    expect(personalData(t.config).open(stored.city)).toBe('上海市');
    await expect(assertPurchasable(t.db.kysely, await card('1000000006'), 'package')).resolves.toBeUndefined();
    const before = await t.snapshot();
    expect(expectRejected(await t.post('/api/v1/card/change_card', apply, token), 400)).toMatchObject({
      code: 10405,
      message: expect.stringMatching(/请勿重复提交/),
    });
    expect(await t.snapshot()).toEqual(before);
  });

  it('the operator asked for the replacement: an application without a reason is taken (decision 0070)', async () => {
    await t.db.kysely.updateTable('cards').set({ need_change_card: 1 }).where('custom_num', '=', '1000000020').execute();
    const token = await t.loginCard('1000000020');
    const { reason: _none, ...withoutReason } = { ...apply, custom_num: '1000000020' };
    expect(okData(await t.post('/api/v1/card/change_card', withoutReason, token)).application).toMatchObject({
      status: 'submitted',
      reason: '',
    });
    const { id } = await card('1000000020');
    const again = async () => {
      await t.db.kysely.deleteFrom('change_card_applications').where('card_id', '=', id).execute();
      await t.db.kysely.updateTable('cards').set({ need_change_card: 1 }).where('id', '=', id).execute();
    };
    await again();
    expect(okData(await t.post('/api/v1/card/change_card', { ...withoutReason, reason: '   ' }, token)).application.reason).toBe('');
    // as it was for the next test
    await t.db.kysely.deleteFrom('change_card_applications').where('card_id', '=', id).execute();
    await t.db.kysely.updateTable('cards').set({ need_change_card: 0 }).where('id', '=', id).execute();
  });

  it('two submissions racing file one application', async () => {
    await t.db.kysely.updateTable('cards').set({ need_change_card: 1 }).where('custom_num', '=', '1000000020').execute();
    const token = await t.loginCard('1000000020');
    const body = { ...apply, custom_num: '1000000020' };
    const results = await Promise.all([1, 2, 3].map(() => t.post('/api/v1/card/change_card', body, token)));
    expect(results.map((r) => r.json().code).sort()).toEqual([0, 10405, 10405]);
    const c = await card('1000000020');
    const rows = await t.db.kysely.selectFrom('change_card_applications').select('id').where('card_id', '=', c.id).execute();
    expect(rows).toHaveLength(1);
  });

  it('home’s card info carries the progress until the new card arrives: submitted → shipped with tracking → gone when done', async () => {
    await t.db.kysely.updateTable('cards').set({ need_change_card: 1 }).where('custom_num', '=', '1000000021').execute();
    const token = await t.loginCard('1000000021');
    const home = async () => okData(await t.get('/api/v2/card/info?custom_num=1000000021', token)).info.replacement;
    expect(await home()).toBeNull();
    okData(await t.post('/api/v1/card/change_card', { ...apply, custom_num: '1000000021' }, token));
    expect(await home()).toMatchObject({
      status: 'submitted',
      title: '换卡申请审核中',
      ongoing: true,
      steps: [
        { label: '已提交申请', state: 'current' },
        { label: '新卡已寄出', state: 'todo' },
        { label: '已收到新卡', state: 'todo' },
      ],
    });

    const operator = await loginAs(t, 'admin');
    const id = (await card('1000000021')).id;
    const app = await t.db.kysely.selectFrom('change_card_applications').select('id').where('card_id', '=', id).executeTakeFirstOrThrow();
    const move = (body: object) => adminPost(t, '/api/admin/replacements/move', { id: app.id, ...body }, operator);
    expect((await move({ to: 'shipped', carrier: '顺丰速运', tracking_no: 'SF1234567890' })).statusCode).toBe(200);
    const shipped = await home();
    expect(shipped).toMatchObject({
      status: 'shipped',
      carrier: '顺丰速运',
      tracking_no: 'SF1234567890',
      detail: '顺丰速运 SF1234567890，请留意查收',
    });
    expect(shipped.steps.map((s: { state: string }) => s.state)).toEqual(['done', 'current', 'todo']);
    // /replace_info says the same, from the same rule
    expect(okData(await t.get('/api/v1/card/change_card_info?custom_num=1000000021', token)).progress).toEqual(shipped);

    expect((await move({ to: 'done' })).statusCode).toBe(200);
    expect(await home()).toBeNull();
    expect(okData(await t.get('/api/v1/card/change_card_info?custom_num=1000000021', token)).progress).toMatchObject({
      status: 'done',
      ongoing: false,
    });
  });
});

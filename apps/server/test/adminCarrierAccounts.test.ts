// 运营商账号 in the console (docs/decisions/0030): the platform administrator adds an account on a fake
// CTWing platform (a real HTTP server checking every signature), tests the connection before and
// after saving, edits it (a secret left empty is kept), disables and enables it; every change is
// audited without the secret, no answer ever carries one, bad input is refused with nothing
// written, the other roles are refused, and the list shows each account's health.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { CardState } from '@portal/contract/enums';
import { FakeCtwing } from '../src/integrations/carrier/ctwing/fake';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';

const ACCOUNT = { appKey: 'ak-console-test', secret: 'console-secret-9f8e7d6c5b4a', custNumber: '6000012345' };
const NEW_SECRET = 'rotated-secret-1a2b3c4d5e6f';
const SECRETS = [ACCOUNT.secret, NEW_SECRET, 'wrong-secret-000111222'];

async function auditOf(t: TestApp, targetId: number) {
  return t.db.kysely
    .selectFrom('audit_log')
    .selectAll()
    .where('target_type', '=', 'carrier_account')
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

const accountRow = (t: TestApp, id: number) =>
  t.db.kysely.selectFrom('carrier_accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

/** Every table's rows but throttles: 测试连接 keeps its outcome there, a mark a save after a failure reads (docs/decisions/0071). */
const withoutTestMarks = (snapshot: Record<string, number>) => ({ ...snapshot, throttles: 0 });

describe.each(databases())('console carrier accounts on %s', (kind) => {
  let fake: FakeCtwing;
  beforeAll(async () => {
    fake = await FakeCtwing.start({ ...ACCOUNT });
  });
  afterAll(async () => fake?.close());
  const t = useTestApp(kind);
  /** every answer of this file: none may carry a secret */
  const answers: string[] = [];
  const seen = (res: LightMyRequestResponse) => {
    answers.push(res.body);
    return res;
  };
  let admin = '';
  const get = async (url: string, cookie = admin) => seen(await adminGet(t, url, cookie));
  const post = async (url: string, body: unknown, cookie = admin) => seen(await adminPost(t, url, body, cookie));
  const ctwingFields = (over: Record<string, string> = {}) => ({
    app_key: ACCOUNT.appKey,
    secret: ACCOUNT.secret,
    cust_number: ACCOUNT.custNumber,
    ...over,
  });
  const createBody = (over: Record<string, unknown> = {}) => ({
    name: '电信-华东',
    carrier: 'ctwing',
    base_url: fake.url,
    calls_per_second: 0,
    fields: ctwingFields(),
    reason: '接入电信平台',
    ...over,
  });
  let id = 0;

  beforeAll(async () => {
    admin = await loginAs(t, 'admin');
  });

  it('is for the platform administrator only: other roles 403, no session 401', async () => {
    for (const username of ['agent', 'support', 'finance'] as const) {
      const cookie = await loginAs(t, username);
      expect((await get('/api/admin/carrier-accounts', cookie)).statusCode).toBe(403);
      const res = await post('/api/admin/carrier-accounts/create', createBody(), cookie);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('当前账号无权进行此操作');
      expect((await post('/api/admin/carrier-accounts/test', { carrier: 'ctwing', fields: ctwingFields() }, cookie)).statusCode).toBe(403);
    }
    expect((await get('/api/admin/carrier-accounts', '')).statusCode).toBe(401);
    expect((await post('/api/admin/carrier-accounts/create', createBody(), '')).statusCode).toBe(401);
    expect((await post('/api/admin/carrier-accounts/enabled', { id: 1, enabled: false, reason: '试试' }, '')).statusCode).toBe(401);
    expect(await t.db.kysely.selectFrom('carrier_accounts').select('id').execute()).toHaveLength(1);
  });

  it('lists the kinds and their fields for the form; the simulator is shown, not editable', async () => {
    const kinds = (await get('/api/admin/carrier-accounts/kinds')).json().data.items;
    expect(kinds.map((k: { kind: string }) => k.kind)).toEqual(['onelink', 'unicom_cmp', 'unicom_jasper', 'ctwing']);
    const ctwing = kinds.find((k: { kind: string }) => k.kind === 'ctwing');
    expect(ctwing).toMatchObject({ network_label: '中国电信', platform_calls_per_second: 5 });
    expect(ctwing.fields.find((f: { name: string }) => f.name === 'secret')).toMatchObject({ secret: true, required: true, choices: null });
    const onelink = kinds.find((k: { kind: string }) => k.kind === 'onelink');
    expect(onelink.fields.find((f: { name: string }) => f.name === 'variant').choices).toEqual(['ct', 'pb']);

    const list = (await get('/api/admin/carrier-accounts')).json().data.items;
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({
      id: 1,
      source: 'builtin',
      source_label: '内置模拟器',
      editable: false,
      can_disable: false,
      health: null,
    });
  });

  it('tests the connection of fields not saved yet, against the fake platform', async () => {
    const before = await t.snapshot();
    const ok = await post('/api/admin/carrier-accounts/test', { carrier: 'ctwing', base_url: fake.url, fields: ctwingFields() });
    expect(ok.statusCode, ok.body).toBe(200);
    // words only (docs/decisions/0057): no kind of failure, no time taken
    expect(Object.keys(ok.json().data).sort()).toEqual(['message', 'ok']);
    expect(ok.json().data).toMatchObject({ ok: true });
    expect(ok.json().data.message).toContain('连接成功');
    const wrong = await post('/api/admin/carrier-accounts/test', {
      carrier: 'ctwing',
      base_url: fake.url,
      fields: ctwingFields({ secret: 'wrong-secret-000111222' }),
    });
    expect(wrong.json().data).toMatchObject({ ok: false });
    expect(wrong.json().data.message).toMatch(/^账号或密钥错误/);
    expect(withoutTestMarks(await t.snapshot())).toEqual(withoutTestMarks(before));
  });

  it('creates an account: the secret sealed, never answered, audited by name only', async () => {
    const res = await post('/api/admin/carrier-accounts/create', createBody());
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json().data;
    id = row.id;
    expect(row).toMatchObject({
      name: '电信-华东',
      carrier: 'ctwing',
      carrier_label: expect.stringContaining('电信'),
      base_url: fake.url,
      source: 'console',
      enabled: true,
      editable: true,
      can_disable: true,
      settings: { app_key: ACCOUNT.appKey, cust_number: ACCOUNT.custNumber },
      secrets_set: ['secret'],
    });
    expect(row.health).toMatchObject({
      last_round_at: null,
      cards: 0,
      stale_cards: 0,
      error_rate: null,
      limit_per_second: 5,
      failing: false,
    });
    const stored = await accountRow(t, id);
    expect(stored.credentials).not.toContain(ACCOUNT.secret);
    expect(stored.credentials).not.toContain(ACCOUNT.appKey);

    const audit = await auditOf(t, id);
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'carrier_account.created', reason: '接入电信平台', operator_username: 'admin' });
    expect(JSON.parse(audit[0]!.after)).toMatchObject({
      name: '电信-华东',
      secrets_set: ['secret'],
      settings: { app_key: ACCOUNT.appKey },
    });
    expect(audit[0]!.after).not.toContain(ACCOUNT.secret);
  });

  it('tests the stored account, and the form’s unsaved secret over it; a platform that is down reads as such', async () => {
    const before = await t.snapshot();
    const ok = await post('/api/admin/carrier-accounts/test', { id });
    expect(ok.json().data).toMatchObject({ ok: true });
    // the edit form sends the secret empty: the stored one is used
    const blank = await post('/api/admin/carrier-accounts/test', { id, base_url: fake.url, fields: ctwingFields({ secret: '' }) });
    expect(blank.json().data).toMatchObject({ ok: true });
    const wrong = await post('/api/admin/carrier-accounts/test', { id, fields: ctwingFields({ secret: 'wrong-secret-000111222' }) });
    expect(wrong.json().data.message).toMatch(/^账号或密钥错误/);
    const wrongKey = await post('/api/admin/carrier-accounts/test', { id, fields: ctwingFields({ app_key: 'nobody', secret: '' }) });
    expect(wrongKey.json().data).toMatchObject({ ok: false });
    expect(wrongKey.json().data.message).toMatch(/^账号或密钥错误/);

    fake.setDown('error');
    const down = await post('/api/admin/carrier-accounts/test', { id });
    expect(down.json().data).toMatchObject({ ok: false });
    expect(down.json().data.message).toMatch(/^无法连接平台（超时或服务不可用）/);
    fake.setDown('reset');
    expect((await post('/api/admin/carrier-accounts/test', { id })).json().data.message).toMatch(/^无法连接平台/);
    fake.setDown(false);
    fake.setMalformed(true);
    const malformed = (await post('/api/admin/carrier-accounts/test', { id })).json().data;
    expect(malformed).toMatchObject({ ok: false });
    expect(malformed.message).toMatch(/^平台返回了无法识别的内容/);
    fake.setMalformed(false);
    // nobody listening at all (another address: the secret typed again, the stored one stays home)
    const nowhere = await post('/api/admin/carrier-accounts/test', { id, base_url: 'http://127.0.0.1:1', fields: ctwingFields() });
    expect(nowhere.json().data.message).toMatch(/^无法连接平台/);
    expect((await post('/api/admin/carrier-accounts/test', { id, base_url: 'http://127.0.0.1:1' })).statusCode).toBe(400);
    // the simulator is not a platform
    expect((await post('/api/admin/carrier-accounts/test', { id: 1 })).statusCode).toBe(400);
    // the platform back: the stored fields pass again, so an edit of them saves without the question
    expect((await post('/api/admin/carrier-accounts/test', { id })).json().data.ok).toBe(true);
    expect(withoutTestMarks(await t.snapshot())).toEqual(withoutTestMarks(before));
    expect((await accountRow(t, id)).failures).toBe(0);
  });

  it('edits: a secret left empty keeps the stored one; a new one is audited by its field name only', async () => {
    const edit = await post('/api/admin/carrier-accounts/update', {
      id,
      name: '电信-华东-1',
      base_url: fake.url,
      calls_per_second: 3,
      fields: ctwingFields({ secret: '' }),
      reason: '改名并限速',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ name: '电信-华东-1', calls_per_second: 3, secrets_set: ['secret'] });
    expect(edit.json().data.health.limit_per_second).toBe(3);
    expect((await post('/api/admin/carrier-accounts/test', { id })).json().data.ok).toBe(true);
    let audit = await auditOf(t, id);
    expect(audit.at(-1)).toMatchObject({ action: 'carrier_account.updated', reason: '改名并限速' });
    expect(JSON.parse(audit.at(-1)!.before)).toMatchObject({ name: '电信-华东', calls_per_second: 0 });
    expect(JSON.parse(audit.at(-1)!.after)).toMatchObject({ name: '电信-华东-1', calls_per_second: 3, credentials_changed: [] });

    // the platform's secret is rotated: the old one stops working, the new one is saved
    const rotated = await FakeCtwing.start({ ...ACCOUNT, secret: NEW_SECRET });
    try {
      const res = await post('/api/admin/carrier-accounts/update', {
        id,
        name: '电信-华东-1',
        base_url: rotated.url,
        calls_per_second: 3,
        fields: ctwingFields({ secret: NEW_SECRET }),
        reason: '平台更换密钥',
      });
      expect(res.statusCode, res.body).toBe(200);
      expect((await post('/api/admin/carrier-accounts/test', { id })).json().data.ok).toBe(true);
    } finally {
      await rotated.close();
    }
    audit = await auditOf(t, id);
    const last = audit.at(-1)!;
    expect(JSON.parse(last.after).credentials_changed).toEqual(['secret']);
    for (const row of audit) for (const s of SECRETS) expect(row.before + row.after + row.reason).not.toContain(s);
    const stored = await accountRow(t, id);
    expect(stored.credentials).not.toContain(NEW_SECRET);

    // back to the first fake for the rest of the file
    expect(
      (
        await post('/api/admin/carrier-accounts/update', {
          id,
          name: '电信-华东',
          base_url: fake.url,
          calls_per_second: 0,
          fields: ctwingFields(),
          reason: '恢复原平台',
        })
      ).statusCode,
    ).toBe(200);
  });

  it('refuses bad input with a message saying what to fix, and writes nothing', async () => {
    const second = await post('/api/admin/carrier-accounts/create', createBody({ name: '电信-华北' }));
    expect(second.statusCode, second.body).toBe(200);
    const secondId = second.json().data.id as number;
    const before = await t.snapshot();
    const rowsBefore = await t.db.kysely.selectFrom('carrier_accounts').selectAll().orderBy('id').execute();
    const cases: [string, string, Record<string, unknown>, RegExp][] = [
      ['create', 'a name taken', createBody(), /账号名称已被使用/],
      ['create', 'a name of 41 characters', createBody({ name: '电'.repeat(41) }), /账号名称最多 40 个字/],
      ['create', 'no name', createBody({ name: '  ' }), /请填写账号名称/],
      ['create', 'an unknown kind', createBody({ name: 'x1', carrier: 'nokia' }), /平台类型须为/],
      ['create', 'an ftp address', createBody({ name: 'x2', base_url: 'ftp://example.com' }), /http:\/\/ 或 https:\/\//],
      ['create', 'a required secret missing', createBody({ name: 'x3', fields: ctwingFields({ secret: '' }) }), /请填写SecretKey/],
      ['create', 'a field of another kind', createBody({ name: 'x4', fields: { ...ctwingFields(), appid: '1' } }), /不是.*账号的字段/],
      [
        'create',
        'a choice not offered',
        createBody({ name: 'x5', carrier: 'onelink', base_url: `${fake.url}/v5`, fields: { appid: 'A1', password: 'p', variant: 'xx' } }),
        /须为 ct、pb 之一/,
      ],
      [
        'create',
        "the kind's own rule (OneLink appid letters and digits)",
        createBody({ name: 'x6', carrier: 'onelink', base_url: `${fake.url}/v5`, fields: { appid: 'a-b', password: 'p' } }),
        /「APPID」不符合/,
      ],
      [
        'create',
        'a Unicom CMP address that doubles its documented /api: the form to write',
        createBody({
          name: 'x12',
          carrier: 'unicom_cmp',
          base_url: 'https://gwapi.10646.cn/api/api',
          fields: { app_id: 'a', app_secret: 's', open_id: 'o' },
        }),
        /重复了接口前缀「\/api」：请写成 https:\/\/gwapi\.10646\.cn\/api 这样的形式/,
      ],
      [
        'create',
        'a CTWing address reaching into a call path',
        createBody({ name: 'x13', base_url: `${fake.url}/openapi` }),
        /含有接口路径「\/openapi」/,
      ],
      ['create', 'calls a second above 1000', createBody({ name: 'x7', calls_per_second: 1001 }), /0–1000 的整数/],
      ['create', 'calls a second not whole', createBody({ name: 'x8', calls_per_second: 1.5 }), /0–1000 的整数/],
      ['create', 'calls a second below 0', createBody({ name: 'x9', calls_per_second: -1 }), /0–1000 的整数/],
      ['create', 'no reason', createBody({ name: 'x10', reason: '' }), /原因至少 2 个字/],
      ['update', 'another account’s name', { ...createBody(), id: secondId }, /账号名称已被使用/],
      ['update', 'the simulator', { ...createBody({ name: 'sim2' }), id: 1 }, /内置模拟器账号不可修改/],
      ['update', 'an account that does not exist', { ...createBody({ name: 'x11' }), id: 99999 }, /运营商账号不存在/],
      ['update', 'nothing changed', { ...createBody({ fields: ctwingFields({ secret: '' }) }), id }, /没有修改任何内容/],
      ['update', 'a required field emptied', { ...createBody({ fields: ctwingFields({ app_key: '' }) }), id }, /请填写AppKey/],
      ['enabled', 'the simulator disabled', { id: 1, enabled: false, reason: '不用模拟器' }, /内置模拟器账号不能停用/],
      ['enabled', 'an enabled account enabled', { id, enabled: true, reason: '再启用' }, /已是启用状态/],
    ];
    for (const [action, what, body, message] of cases) {
      const res = await post(`/api/admin/carrier-accounts/${action}`, body);
      expect(res.statusCode, `${what}: ${res.body}`).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, what).toBeLessThan(500);
      expect(res.json().message, what).toMatch(message);
    }
    expect(await t.snapshot()).toEqual(before);
    expect(await t.db.kysely.selectFrom('carrier_accounts').selectAll().orderBy('id').execute()).toEqual(rowsBefore);
  });

  it('disables and enables with a reason, audited; a file’s account may be disabled, not edited', async () => {
    const off = await post('/api/admin/carrier-accounts/enabled', { id, enabled: false, reason: '平台维护' });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().data).toMatchObject({ enabled: false, health: { failing: false } });
    let audit = await auditOf(t, id);
    expect(audit.at(-1)).toMatchObject({ action: 'carrier_account.disabled', reason: '平台维护' });
    expect(JSON.parse(audit.at(-1)!.before).enabled).toBe(true);
    expect(JSON.parse(audit.at(-1)!.after).enabled).toBe(false);
    expect((await accountRow(t, id)).enabled).toBe(0);
    const on = await post('/api/admin/carrier-accounts/enabled', { id, enabled: true, reason: '维护结束' });
    expect(on.json().data.enabled).toBe(true);
    audit = await auditOf(t, id);
    expect(audit.at(-1)!.action).toBe('carrier_account.enabled');

    // an account CARRIER_ACCOUNTS_FILE declared (carrierSync.test.ts starts one from a real file)
    const fileId = (await t.db.kysely.selectFrom('carrier_accounts').select('id').where('name', '=', '电信-华北').executeTakeFirstOrThrow())
      .id;
    await t.db.kysely.updateTable('carrier_accounts').set({ source: 'file' }).where('id', '=', fileId).execute();
    const listed = (await get('/api/admin/carrier-accounts')).json().data.items.find((a: { id: number }) => a.id === fileId);
    expect(listed).toMatchObject({ source: 'file', source_label: '配置文件', editable: false, can_disable: true });
    const edit = await post('/api/admin/carrier-accounts/update', {
      ...createBody({ name: '电信-华北', calls_per_second: 2 }),
      id: fileId,
    });
    expect(edit.statusCode).toBe(400);
    expect(edit.json().message).toContain('配置文件');
    expect((await post('/api/admin/carrier-accounts/enabled', { id: fileId, enabled: false, reason: '暂停使用' })).statusCode).toBe(200);
    expect((await post('/api/admin/carrier-accounts/test', { id: fileId })).json().data.ok).toBe(true);
  });

  it('shows each account’s health: last round, stale cards, error rate, limit, circuit, failing', async () => {
    const now = Date.now();
    const ago = (ms: number) => new Date(now - ms).toISOString();
    const cards = await t.db.kysely.selectFrom('cards').select(['id', 'custom_num']).orderBy('id').limit(4).execute();
    const [fresh, old, never, cancelled] = cards;
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: id, flow_synced_at: ago(10 * 60_000) })
      .where('id', '=', fresh!.id)
      .execute();
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: id, flow_synced_at: ago(3 * 3600_000) })
      .where('id', '=', old!.id)
      .execute();
    await t.db.kysely.updateTable('cards').set({ carrier_account_id: id, flow_synced_at: '' }).where('id', '=', never!.id).execute();
    await t.db.kysely
      .updateTable('cards')
      .set({ carrier_account_id: id, flow_synced_at: ago(48 * 3600_000), state: CardState.Cancelled })
      .where('id', '=', cancelled!.id)
      .execute();
    const health = async () =>
      (await get('/api/admin/carrier-accounts')).json().data.items.find((a: { id: number }) => a.id === id).health as Record<
        string,
        unknown
      >;
    const set = (values: Record<string, string | number>) =>
      t.db.kysely.updateTable('carrier_accounts').set(values).where('id', '=', id).execute();

    await set({
      calls_ok: 30,
      calls_failed: 10,
      failures: 0,
      circuit_open_until: '',
      last_round_at: ago(20 * 60_000),
      last_round_cards: 3,
    });
    expect(await health()).toMatchObject({
      cards: 3,
      stale_cards: 2,
      calls_ok: 30,
      calls_failed: 10,
      error_rate: 0.25,
      limit_per_second: 5,
      platform_limit_per_second: 5,
      last_round_cards: 3,
      circuit_open: false,
      failing: false,
    });
    await set({ calls_per_second: 2 });
    expect(await health()).toMatchObject({ limit_per_second: 2, platform_limit_per_second: 5 });

    // failures with a recent complete round: not (yet) failing
    await set({ failures: 2, last_error: 'CTWing unreachable' });
    expect(await health()).toMatchObject({ failures: 2, failing: false, last_error: 'CTWing unreachable' });
    // failures and no complete round for more than 2 hours: failing
    await set({ last_round_at: ago(3 * 3600_000) });
    expect((await health()).failing).toBe(true);
    // the circuit open now: failing whatever the round
    await set({ failures: 5, last_round_at: ago(60_000), circuit_open_until: new Date(now + 60_000).toISOString() });
    expect(await health()).toMatchObject({ circuit_open: true, failing: true });
    // an open circuit in the past is closed
    await set({ circuit_open_until: ago(1000), failures: 0 });
    expect(await health()).toMatchObject({ circuit_open: false, circuit_open_until: null, failing: false });

    // changing what the account connects with clears the old failures (the next round tries at once)
    await set({ failures: 5, circuit_open_until: new Date(now + 60_000).toISOString(), last_error: 'refused' });
    const res = await post('/api/admin/carrier-accounts/update', {
      ...createBody({ base_url: `${fake.url}/`, calls_per_second: 2, fields: ctwingFields({ cust_number: '6000099999' }) }),
      id,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.health).toMatchObject({ failures: 0, circuit_open: false, last_error: '', failing: false, error_rate: 0.25 });
  });

  it('never answered a secret, not even masked', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const body of answers) for (const s of SECRETS) expect(body).not.toContain(s);
  });
});

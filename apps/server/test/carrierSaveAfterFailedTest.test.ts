// A carrier account saved with fields whose last 测试连接 failed (docs/decisions/0071): the API
// refuses it in words (10518, HTTP 400) and writes nothing — no account, no audit row — unless the
// request confirms it; a passing test of the same fields, or other fields than those tested, save
// without the question. The same for an edit of a stored account. Against a fake CTWing gateway.
// SQLite and PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { FakeCtwing } from '../src/integrations/carrier/ctwing/fake';
import { adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const ACCOUNT = { appKey: 'ak-save-test', secret: 'save-secret-0123456789', custNumber: '6000077777' };
const WRONG = 'not-the-save-secret-000';

describe.each(databases())('a save after a failed connection test on %s', (kind) => {
  let fake: FakeCtwing;
  beforeAll(async () => {
    fake = await FakeCtwing.start({ ...ACCOUNT });
  });
  afterAll(async () => fake?.close());
  const t = useTestApp(kind, { carrierSyncIntervalMs: 0, logLevel: 'warn' });

  const fields = (secret: string) => ({ app_key: ACCOUNT.appKey, secret, cust_number: ACCOUNT.custNumber });
  const test = (admin: string, body: Record<string, unknown>) => adminPost(t, '/api/admin/carrier-accounts/test', body, admin);
  const create = (admin: string, name: string, secret: string, extra: Record<string, unknown> = {}) =>
    adminPost(
      t,
      '/api/admin/carrier-accounts/create',
      { name, carrier: 'ctwing', base_url: fake.url, fields: fields(secret), reason: '接入电信平台', ...extra },
      admin,
    );
  const accounts = (name: string) =>
    t.db.kysely.selectFrom('carrier_accounts').select(['id', 'updated_at']).where('name', '=', name).execute();
  const audits = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('audit_log')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function failedTest(admin: string, body: Record<string, unknown>) {
    const res = await test(admin, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.ok).toBe(false);
  }

  it('a new account whose test failed: refused in words, nothing written; saved once confirmed', async () => {
    const admin = await loginAs(t, 'admin');
    await failedTest(admin, { carrier: 'ctwing', base_url: fake.url, fields: fields(WRONG) });
    const before = await audits();

    const refused = await create(admin, '电信-未通过', WRONG);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe(Code.CARRIER_TEST_FAILED_NEEDS_CONFIRM);
    expect(refused.json().message).toContain('测试连接未通过');
    expect(refused.json().message).toContain('仍然保存');
    expect(refused.body).not.toContain(WRONG);
    expect(await accounts('电信-未通过')).toEqual([]);
    expect(await audits()).toBe(before);

    // a bad confirmation is bad input, in words
    const bad = await create(admin, '电信-未通过', WRONG, { confirm_failed_test: 'yes' });
    expect(bad.statusCode, bad.body).toBe(400);
    expect(bad.json().message).toContain('测试未通过仍保存的确认');
    expect(await accounts('电信-未通过')).toEqual([]);

    const confirmed = await create(admin, '电信-未通过', WRONG, { confirm_failed_test: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await accounts('电信-未通过')).toHaveLength(1);
  });

  it('fields changed after the failed test, or tested again and passed, save without the question', async () => {
    const admin = await loginAs(t, 'admin');
    await failedTest(admin, { carrier: 'ctwing', base_url: fake.url, fields: fields(WRONG) });
    // the form corrected after the test: other fields than those that failed
    expect((await create(admin, '电信-改正', ACCOUNT.secret)).statusCode).toBe(200);

    // the platform down while the fields are right: the test fails, a save asks
    fake.setDown('error');
    try {
      await failedTest(admin, { carrier: 'ctwing', base_url: fake.url, fields: fields(ACCOUNT.secret) });
    } finally {
      fake.setDown(false);
    }
    expect((await create(admin, '电信-再测', ACCOUNT.secret)).statusCode).toBe(400);
    // back up: the pass of the same fields clears the mark
    const passed = await test(admin, { carrier: 'ctwing', base_url: fake.url, fields: fields(ACCOUNT.secret) });
    expect(passed.json().data.ok, passed.body).toBe(true);
    expect((await create(admin, '电信-再测', ACCOUNT.secret)).statusCode).toBe(200);
  });

  it('an edit of a stored account whose test failed is refused the same way, and goes once confirmed', async () => {
    const admin = await loginAs(t, 'admin');
    const [row] = await accounts('电信-改正');
    const id = row!.id;
    await failedTest(admin, { id, fields: fields(WRONG) });
    const edit = (extra: Record<string, unknown> = {}) =>
      adminPost(
        t,
        '/api/admin/carrier-accounts/update',
        { id, name: '电信-改正', base_url: fake.url, fields: fields(WRONG), reason: '更换密钥', ...extra },
        admin,
      );
    const refused = await edit();
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().code).toBe(Code.CARRIER_TEST_FAILED_NEEDS_CONFIRM);
    const [kept] = await t.db.kysely.selectFrom('carrier_accounts').select(['credentials', 'updated_at']).where('id', '=', id).execute();
    expect(kept!.updated_at).toBe(row!.updated_at);
    expect((await edit({ confirm_failed_test: true })).statusCode).toBe(200);
    const [changed] = await t.db.kysely.selectFrom('carrier_accounts').select(['credentials']).where('id', '=', id).execute();
    expect(changed!.credentials).not.toBe(kept!.credentials);
  });

  it('no secret in the marks the test keeps', async () => {
    const rows = await t.db.kysely.selectFrom('throttles').select('key').where('key', 'like', 'carrier-test-failed:%').execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(r.key).not.toContain(WRONG);
      expect(r.key).not.toContain(ACCOUNT.appKey);
    }
  });
});

// The audit log shows no token (docs/decisions/0057). The leak: a payee's confirmation
// link, with its token, shown to everyone who reads the log. Masked when a row is written (an
// operator's reason with a link in it) and when a row is read (a row written before the rule: the
// table is append-only, so an old row keeps its text and is masked on the way out, list and CSV).
import { describe, expect, it } from 'vitest';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp } from './harness';

const TOKEN = 'pXq7Lr2VnW9sKt4yBz6cDf8gHj0mNa1e';
const LINK = `/payee_confirm?t=${TOKEN}`;

describe.each(databases())('the audit log masks tokens on %s', (kind) => {
  const t = useTestApp(kind);

  it('a reason carrying a link with a token is written masked', async () => {
    const admin = await loginAs(t, 'admin');
    const res = await adminPost(
      t,
      '/api/admin/carrier-accounts/create',
      {
        name: '电信-审计',
        carrier: 'ctwing',
        base_url: 'http://127.0.0.1:1',
        fields: { app_key: 'ak-audit', secret: 'audit-secret-0011223344', cust_number: '6000012345' },
        reason: `按财务要求接入，见 https://h5.example.com${LINK}`,
      },
      admin,
    );
    expect(res.statusCode, res.body).toBe(200);
    const row = await t.db.kysely
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'carrier_account.created')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.reason).toBe('按财务要求接入，见 https://h5.example.com/payee_confirm?t=***');
    expect(row.before + row.after + row.reason).not.toContain(TOKEN);
  });

  it('an old row with a payee link and a token field is read masked, in the list and the CSV', async () => {
    await t.db.kysely
      .insertInto('audit_log')
      .values({
        operator_id: null,
        operator_username: 'finance',
        operator_role: 'finance',
        agent_id: null,
        action: 'commission.withdrawal_paid',
        target_type: 'commission_withdrawal',
        target_id: '9',
        reason: `已发送 ${LINK}`,
        before: '',
        after: JSON.stringify({ id: 9, confirm_token: TOKEN, payee_confirm: { path: LINK, expires_at: '2026-12-03T00:00:00.000Z' } }),
        request_id: 'req-old',
        ip: '127.0.0.1',
        at: new Date().toISOString(),
      })
      .execute();
    const admin = await loginAs(t, 'admin');
    const list = await adminGet(t, '/api/admin/audit?target_type=commission_withdrawal', admin);
    expect(list.statusCode, list.body).toBe(200);
    const item = list.json().data.items[0];
    expect(item.after).toEqual({
      id: 9,
      confirm_token: '***',
      payee_confirm: { path: '/payee_confirm?t=***', expires_at: '2026-12-03T00:00:00.000Z' },
    });
    expect(item.reason).toBe('已发送 /payee_confirm?t=***');
    expect(list.body).not.toContain(TOKEN);
    const csv = await adminGet(t, '/api/admin/audit/export?target_type=commission_withdrawal', admin);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('payee_confirm');
    expect(csv.body).not.toContain(TOKEN);
  });
});

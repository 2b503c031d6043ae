// docs/decisions/0028: support, finance and agent administrators see customers' mobiles masked in the console's
// orders and tickets (lists, details, exports); one is revealed with a reason, audited. The platform
// administrator sees them whole. SQLite and PostgreSQL.
import { describe, expect, it } from 'vitest';
import { adminGet, adminPost, loginAs } from './adminHelpers';
import { rid } from './commerceHelpers';
import { databases, useTestApp } from './harness';

describe.each(databases())('customers’ mobiles in the console on %s', (kind) => {
  const t = useTestApp(kind);

  it('orders: masked for support, finance and the agent; whole for the platform administrator; revealed with a reason, audited', async () => {
    // an order of the demo user (mobile 13800138000)
    const token = await t.loginAccount();
    const made = await t.post(
      '/api/v1/order/create',
      { custom_num: '1000000001', goods_type: 'recharge', amount: 10, pay_channel: 1, request_id: rid() },
      token,
    );
    expect(made.json().code, made.body).toBe(0);
    const admin = await loginAs(t, 'admin');
    const all = (await adminGet(t, '/api/admin/orders?mobile=13800138000&limit=5', admin)).json().data.items;
    expect(all.length).toBeGreaterThan(0);
    expect(all[0].user_mobile).toBe('13800138000');
    const orderNo = all[0].order_no as string;
    for (const who of ['support', 'finance', 'agent'] as const) {
      const op = await loginAs(t, who);
      const list = await adminGet(t, '/api/admin/orders?mobile=13800138000&limit=5', op);
      expect(list.body, who).not.toContain('13800138000');
      expect(list.json().data.items[0].user_mobile).toBe('138****8000');
      const detail = await adminGet(t, `/api/admin/orders/detail?order_no=${orderNo}`, op);
      expect(detail.json().data.order.user_mobile).toBe('138****8000');
      const csv = await adminGet(t, '/api/admin/orders/export?mobile=13800138000', op);
      expect(csv.statusCode).toBe(200);
      expect(csv.body).not.toContain('13800138000');
      expect(csv.body).toContain('138****8000');
    }
    const support = await loginAs(t, 'support');
    expect((await adminPost(t, '/api/admin/orders/mobile-reveal', { order_no: orderNo, reason: '' }, support)).statusCode).toBe(400);
    const shown = await adminPost(t, '/api/admin/orders/mobile-reveal', { order_no: orderNo, reason: '回访用户' }, support);
    expect(shown.json().data).toEqual({ order_no: orderNo, mobile: '13800138000' });
    const audit = await t.db.kysely.selectFrom('audit_log').selectAll().where('action', '=', 'orders.mobile_reveal').execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ operator_username: 'support', target_id: orderNo, reason: '回访用户' });
  });

  it('tickets: the contact masked for support, whole for the platform administrator; revealed with a reason, audited', async () => {
    const admin = await loginAs(t, 'admin');
    const support = await loginAs(t, 'support');
    const full = (await adminGet(t, '/api/admin/tickets?limit=50', admin)).json().data.items as { id: number; contact: string }[];
    const withMobile = full.find((x) => /^1\d{10}$/.test(x.contact));
    expect(withMobile).toBeTruthy();
    const masked = (await adminGet(t, '/api/admin/tickets?limit=50', support)).json().data.items as { id: number; contact: string }[];
    expect(masked.find((x) => x.id === withMobile!.id)!.contact).toMatch(/^\d{3}\*{4}\d{4}$/);
    const detail = await adminGet(t, `/api/admin/tickets/detail?id=${withMobile!.id}`, support);
    expect(detail.body).not.toContain(withMobile!.contact);
    const csv = await adminGet(t, '/api/admin/exports/tickets', support);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).not.toContain(withMobile!.contact);
    const shown = await adminPost(t, '/api/admin/tickets/contact-reveal', { id: withMobile!.id, reason: '电话回访' }, support);
    expect(shown.json().data).toEqual({ id: withMobile!.id, contact: withMobile!.contact });
    expect(await t.db.kysely.selectFrom('audit_log').select('id').where('action', '=', 'tickets.contact_reveal').execute()).toHaveLength(1);
  });
});

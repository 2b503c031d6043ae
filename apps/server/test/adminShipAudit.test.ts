// Marking a device order shipped from the console (发货) and its audit row are one transaction
// (docs/decisions/0027): a failure injected after the shop's shipping step — the audit row's
// insert refused by a trigger — leaves neither; without it both are there. SQLite and PostgreSQL.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { adminPost, loginAs } from './adminHelpers';
import { databases, useTestApp, type TestApp } from './harness';
import { paidDeviceOrder } from './shopOrderHelpers';

/** Refuse the audit row of a shipping: the failure comes after markShipped's update, inside the request. */
async function breakShippingAudit(t: TestApp, kind: string): Promise<() => Promise<void>> {
  const db = t.db.kysely;
  if (kind === 'postgres') {
    await sql`create function test_refuse_ship_audit() returns trigger language plpgsql as $$
      begin
        if new.action = 'shop_order.shipped' then raise exception 'injected failure'; end if;
        return new;
      end $$`.execute(db);
    await sql`create trigger test_refuse_ship_audit before insert on audit_log for each row execute function test_refuse_ship_audit()`.execute(
      db,
    );
    return async () => {
      await sql`drop trigger test_refuse_ship_audit on audit_log`.execute(db);
      await sql`drop function test_refuse_ship_audit()`.execute(db);
    };
  }
  await sql`create trigger test_refuse_ship_audit before insert on audit_log
    when new.action = 'shop_order.shipped' begin select raise(abort, 'injected failure'); end`.execute(db);
  return async () => {
    await sql`drop trigger test_refuse_ship_audit`.execute(db);
  };
}

describe.each(databases())('console shipping and its audit on %s', (kind) => {
  const t = useTestApp(kind, { payReconcileIntervalMs: 0, paySandboxDropNotify: true });

  const shipState = async (orderNo: string) =>
    await t.db.kysely
      .selectFrom('shop_orders')
      .select(['ship_state', 'tracking_no'])
      .where('order_no', '=', orderNo)
      .executeTakeFirstOrThrow();
  const audits = async (orderNo: string) =>
    t.db.kysely
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'shop_order.shipped')
      .where('target_id', '=', orderNo)
      .execute();

  it('a failing audit row undoes the shipping; once it can be written, both are there', async () => {
    const orderNo = await paidDeviceOrder(t);
    const agent = await loginAs(t, 'agent');
    const body = { order_no: orderNo, carrier: '顺丰速运', tracking_no: 'SF1234567890' };

    const repair = await breakShippingAudit(t, kind);
    try {
      const failed = await adminPost(t, '/api/admin/shop-orders/ship', body, agent);
      expect(failed.statusCode, failed.body).toBe(500);
    } finally {
      await repair();
    }
    // neither: the order still waits to ship, and no audit row says it shipped
    expect(await shipState(orderNo)).toEqual({ ship_state: 'awaiting', tracking_no: '' });
    expect(await audits(orderNo)).toHaveLength(0);

    const shipped = await adminPost(t, '/api/admin/shop-orders/ship', body, agent);
    expect(shipped.statusCode, shipped.body).toBe(200);
    expect(await shipState(orderNo)).toEqual({ ship_state: 'shipped', tracking_no: 'SF1234567890' });
    expect(await audits(orderNo)).toHaveLength(1);
  });
});

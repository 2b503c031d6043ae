// SQL of the device shop: owns shop_products and shop_orders. Stock moves only by conditional
// UPDATEs (hold: WHERE stock >= n; give back: once, guarded by shop_orders.stock_released_at), so
// concurrent orders can never sell more than there is, on SQLite and PostgreSQL alike. Functions
// that run inside an order's transaction take its Executor.
import { sql, type Insertable } from 'kysely';
import type { DialectName } from '../../../db/connect';
import type { Executor } from '../../../db/executor';
import type { ShopOrdersTable } from '../../../db/schema';

export async function productsOfAgent(db: Executor, agentId: number) {
  return db
    .selectFrom('shop_products')
    .selectAll()
    .where('agent_id', '=', agentId)
    .where('on_sale', '=', 1)
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function productById(db: Executor, id: number) {
  return db.selectFrom('shop_products').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function seriesNames(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('package_series').select(['id', 'name']).where('id', 'in', ids).execute();
}

/** Unpaid device orders of a card that still hold stock (pending, not yet expired), but `except`. */
export async function unpaidDeviceOrders(db: Executor, cardId: number, nowIso: string, except = ''): Promise<number> {
  const r = await db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('card_id', '=', cardId)
    .where('goods_type', '=', 'device')
    .where('state', '=', 'pending')
    .where('expires_at', '>', nowIso)
    .where('order_no', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Inside a transaction: the card's device orders are counted and held one transaction at a time.
 * PostgreSQL: a transaction-scoped advisory lock per card (two numbers: this lock's kind, the card).
 * SQLite: nothing to do, its write transactions begin IMMEDIATE and run one at a time.
 */
export async function lockCardForDeviceOrder(db: Executor, dialect: DialectName, cardId: number): Promise<void> {
  if (dialect === 'postgres') await sql`select pg_advisory_xact_lock(${sql.lit(DEVICE_ORDER_LOCK)}, ${cardId}::int)`.execute(db);
}
const DEVICE_ORDER_LOCK = 16020;

/** Take `quantity` units off the shelf; false (nothing changed) when fewer are left. */
export async function holdStock(db: Executor, productId: number, quantity: number): Promise<boolean> {
  const r = await db
    .updateTable('shop_products')
    .set({ stock: sql<number>`stock - ${quantity}` })
    .where('id', '=', productId)
    .where('stock', '>=', quantity)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function insertShopOrder(db: Executor, row: Insertable<ShopOrdersTable>): Promise<void> {
  await db.insertInto('shop_orders').values(row).execute();
}

export async function shopOrderByNo(db: Executor, orderNo: string) {
  return db.selectFrom('shop_orders').selectAll().where('order_no', '=', orderNo).executeTakeFirst();
}

export async function shopOrdersByNos(db: Executor, orderNos: string[]) {
  if (orderNos.length === 0) return [];
  return db
    .selectFrom('shop_orders')
    .innerJoin('shop_products', 'shop_products.id', 'shop_orders.product_id')
    .selectAll('shop_orders')
    .select(['shop_products.name', 'shop_products.image'])
    .where('shop_orders.order_no', 'in', orderNos)
    .execute();
}

/**
 * Give an order's held units back, exactly once: only the writer that sets stock_released_at
 * returns them, and only while the order has not shipped. False when already released or shipped.
 */
export async function releaseStock(db: Executor, orderNo: string, nowIso: string): Promise<boolean> {
  const r = await db
    .updateTable('shop_orders')
    .set({ stock_released_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('stock_released_at', 'is', null)
    .where('ship_state', '=', 'awaiting')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  const row = (await shopOrderByNo(db, orderNo))!;
  await db
    .updateTable('shop_products')
    .set({ stock: sql<number>`stock + ${row.quantity}` })
    .where('id', '=', row.product_id)
    .execute();
  return true;
}

/** awaiting → shipped, conditional on the state read. */
export async function markShipped(db: Executor, orderNo: string, t: { carrier: string; tracking_no: string }, nowIso: string) {
  const r = await db
    .updateTable('shop_orders')
    .set({ ship_state: 'shipped', carrier: t.carrier, tracking_no: t.tracking_no, shipped_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('ship_state', '=', 'awaiting')
    .where('stock_released_at', 'is', null)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** shipped → received. */
export async function markReceived(db: Executor, orderNo: string, nowIso: string) {
  const r = await db
    .updateTable('shop_orders')
    .set({ ship_state: 'received', received_at: nowIso })
    .where('order_no', '=', orderNo)
    .where('ship_state', '=', 'shipped')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The state of the order a device order's money is (orders belongs to orders/repo; read here). */
export async function orderStateOf(db: Executor, orderNo: string) {
  return (await db.selectFrom('orders').select('state').where('order_no', '=', orderNo).executeTakeFirst())?.state;
}

/** Paid device orders waiting to ship, oldest first: what the operator console lists. */
export async function awaitingShipment(db: Executor, limit: number) {
  return db
    .selectFrom('shop_orders')
    .innerJoin('orders', 'orders.order_no', 'shop_orders.order_no')
    .selectAll('shop_orders')
    .where('orders.state', '=', 'fulfilled')
    .where('shop_orders.ship_state', '=', 'awaiting')
    .orderBy('orders.paid_at')
    .limit(limit)
    .execute();
}

/** The agent of a mark, with its product_form switch (agents belongs to branding; read here). */
export async function agentOfMark(db: Executor, mark: string) {
  return db.selectFrom('agents').select(['id', 'product_form']).where('mark', '=', mark).executeTakeFirst();
}

import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The agent's device shop (/shopping) and binding by the QR code on the box (/qr_code_login);
// docs/decisions/0020-device-shop-and-box-binding.md.
//   shop_products   the agent's devices: picture, bands, carriers, the card series they work with
//                   (JSON array of package_series ids, [] = any card), price and `stock` — the units
//                   not held by an order; an order holds its units by a conditional
//                   UPDATE … SET stock = stock - n WHERE stock >= n, never read-then-write.
//   shop_orders     what a device order (an ordinary `orders` row, goods_type 'device') carries
//                   beyond the money: product, quantity, receiver and address, and the shipping
//                   state for the operator console (awaiting → shipped with carrier and tracking
//                   number → received). `stock_released_at` is set by the one writer that gives
//                   the held units back (order closed, expired or refunded before shipping).
//   binding_tokens  one-time tokens printed as a QR code on a device's box: sha256 of the token
//                   (never the token), the card it binds, expiry, and who used it when.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const withId = (name: string) => {
    const t = s.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('shop_products')
    .addColumn('agent_id', 'integer', (c) => c.notNull().references('agents.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('summary', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text', (c) => c.notNull())
    .addColumn('bands', 'text', (c) => c.notNull().defaultTo(''))
    /** JSON array of carrier names */
    .addColumn('carriers', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON array of package_series ids the device works with; [] = any of the agent's cards */
    .addColumn('series_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('price_fen', 'integer', (c) => c.notNull())
    .addColumn('stock', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('on_sale', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('sort', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addCheckConstraint('shop_products_stock_not_negative', sql`stock >= 0`)
    .execute();
  await s.createIndex('shop_products_agent').on('shop_products').columns(['agent_id', 'sort']).execute();

  await withId('shop_orders')
    .addColumn('order_no', 'text', (c) => c.notNull().unique())
    .addColumn('product_id', 'integer', (c) => c.notNull().references('shop_products.id'))
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_price_fen', 'integer', (c) => c.notNull())
    .addColumn('receiver', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('district', 'text', (c) => c.notNull())
    .addColumn('address', 'text', (c) => c.notNull())
    /** awaiting (待发货) | shipped (已发货) | received (已签收) */
    .addColumn('ship_state', 'text', (c) => c.notNull().defaultTo('awaiting'))
    .addColumn('carrier', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('tracking_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('shipped_at', 'text')
    .addColumn('received_at', 'text')
    .addColumn('stock_released_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await withId('binding_tokens')
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('issued_by', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .addColumn('used_by', 'integer')
    .execute();
  await s.createIndex('binding_tokens_card').on('binding_tokens').columns(['card_id']).execute();
}

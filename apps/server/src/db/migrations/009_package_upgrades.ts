import type { Kysely } from 'kysely';

// Package upgrades (docs/decisions/0013-package-upgrade.md).
// - card_packages.package_id: the catalogue package a row is of, so that an upgrade knows the
//   current package's own data and price (rows delivered by an order also find it through the
//   order; seeded rows name it here).
// - orders.upgrade_add_kb / upgrade_expired_at: what an upgrade order was quoted at order time
//   (the data it adds, until when), so that an order whose base package changed before it was
//   paid still delivers what was paid for.
// - order_deliveries.replaced_*: the package an upgrade replaced on its row (name, type, catalogue
//   id), so that a refund restores exactly that.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('card_packages').addColumn('package_id', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('upgrade_add_kb', 'integer').execute();
  await db.schema.alterTable('orders').addColumn('upgrade_expired_at', 'text').execute();
  await db.schema.alterTable('order_deliveries').addColumn('replaced_package_id', 'integer').execute();
  await db.schema.alterTable('order_deliveries').addColumn('replaced_name', 'text').execute();
  await db.schema.alterTable('order_deliveries').addColumn('replaced_package_type', 'integer').execute();
}

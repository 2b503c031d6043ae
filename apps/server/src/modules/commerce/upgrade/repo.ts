// SQL of upgrades: read only. The card's packages in force with the catalogue package each is of
// (card_packages belongs to orders/repo, which writes the upgrade on fulfilment; read here because
// orders depends on this module, not the other way round).
import type { Executor } from '../../../db/executor';

/**
 * The card's package rows not yet ended, each with the catalogue package it is of: named on the
 * row (seeded rows, upgraded rows) or else the package of the order that delivered it.
 */
export async function liveRowsOfCard(db: Executor, cardId: number, nowIso: string) {
  return db
    .selectFrom('card_packages as cp')
    .leftJoin('orders as o', 'o.order_no', 'cp.order_no')
    .select([
      'cp.id',
      'cp.name',
      'cp.package_type',
      'cp.total_kb',
      'cp.started_at',
      'cp.expired_at',
      'cp.package_id',
      'o.package_id as order_package_id',
      'o.goods_type as order_goods_type',
    ])
    .where('cp.card_id', '=', cardId)
    .where('cp.expired_at', '>', nowIso)
    .execute();
}

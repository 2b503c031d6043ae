// SQL of the catalogue: packages of a series, coupon packages, first-recharge offers. Read only:
// the catalogue is configuration (seeded), nothing here writes.
import type { Executor } from '../../../db/executor';

export async function packagesOfSeries(db: Executor, seriesIds: number[]) {
  if (seriesIds.length === 0) return [];
  return db
    .selectFrom('packages')
    .selectAll()
    .where('series_id', 'in', seriesIds)
    .where('on_sale', '=', 1)
    .orderBy('series_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function packageById(db: Executor, id: number) {
  return db.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function packagesByIds(db: Executor, ids: number[]) {
  if (ids.length === 0) return [];
  return db.selectFrom('packages').selectAll().where('id', 'in', ids).execute();
}

/** The series of the card's agent among the ids the card lists (a series of another agent is never sold). */
export async function seriesOfAgent(db: Executor, agentId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('package_series').select('id').where('agent_id', '=', agentId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function couponPackagesOfAgent(db: Executor, agentId: number) {
  return db.selectFrom('coupon_packages').selectAll().where('agent_id', '=', agentId).where('on_sale', '=', 1).orderBy('id').execute();
}

export async function couponPackageById(db: Executor, id: number) {
  return db.selectFrom('coupon_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rechargeOfferOfAgent(db: Executor, agentId: number) {
  return db.selectFrom('recharge_offers').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

export async function agentOf(db: Executor, agentId: number) {
  return db.selectFrom('agents').select(['id', 'nickname', 'payee', 'open_balance_recharge']).where('id', '=', agentId).executeTakeFirst();
}

/**
 * The card's packages not yet expired, to say what a package would do to the card
 * (purchaseEffect). Read here rather than through orders/repo (which writes card_packages on
 * fulfilment) because orders already depends on the catalogue; same query as orders' livePackages.
 */
export async function livePackagesOfCard(db: Executor, cardId: number, nowIso: string) {
  return db
    .selectFrom('card_packages')
    .select(['id', 'package_type', 'started_at', 'expired_at'])
    .where('card_id', '=', cardId)
    .where('expired_at', '>', nowIso)
    .execute();
}

// SQL of the catalogue: packages of a series, coupon packages, first-recharge offers.
import type { Db } from '../../db/connect';

export async function packagesOfSeries(db: Db, seriesIds: number[]) {
  if (seriesIds.length === 0) return [];
  return db.kysely
    .selectFrom('packages')
    .selectAll()
    .where('series_id', 'in', seriesIds)
    .where('on_sale', '=', 1)
    .orderBy('series_id')
    .orderBy('sort')
    .orderBy('id')
    .execute();
}

export async function packageById(db: Db, id: number) {
  return db.kysely.selectFrom('packages').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The series of the card's agent among the ids the card lists (a series of another agent is never sold). */
export async function seriesOfAgent(db: Db, agentId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.kysely.selectFrom('package_series').select('id').where('agent_id', '=', agentId).where('id', 'in', ids).execute();
  return rows.map((r) => r.id);
}

export async function couponPackagesOfAgent(db: Db, agentId: number) {
  return db.kysely.selectFrom('coupon_packages').selectAll().where('agent_id', '=', agentId).where('on_sale', '=', 1).orderBy('id').execute();
}

export async function couponPackageById(db: Db, id: number) {
  return db.kysely.selectFrom('coupon_packages').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function rechargeOfferOfAgent(db: Db, agentId: number) {
  return db.kysely.selectFrom('recharge_offers').selectAll().where('agent_id', '=', agentId).executeTakeFirst();
}

export async function agentOf(db: Db, agentId: number) {
  return db.kysely.selectFrom('agents').select(['id', 'nickname', 'payee', 'open_balance_recharge']).where('id', '=', agentId).executeTakeFirst();
}

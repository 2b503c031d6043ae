// SQL of the catalogue: packages of a series, coupon packages, first-recharge offers. The portal
// only reads them (configuration, seeded); the console writes them through the functions below.
import type { Selectable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { CouponPackagesTable, PackagesTable } from '../../../db/schema';
import { ofAgentOrParents } from '../../../db/agentLineage';

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

/**
 * The series of the card's agent — or of an agent above it: a sub-agent sells its parents'
 * catalogue (docs/decisions/0067-agents-in-levels.md) — among the ids the card lists (a series of
 * any other agent is never sold).
 */
export async function seriesOfAgent(db: Executor, agentId: number, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('package_series').select('id').where(ofAgentOrParents(agentId)).where('id', 'in', ids).execute();
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

// The console's catalogue (modules/admin/catalogue) writes the catalogue through these, inside its
// transaction with the audit row: this file stays the one writer of these tables.
/** A package's columns as the console writes them: the row without what the database fills. */
export type PackageColumns = Omit<Selectable<PackagesTable>, 'id' | 'created_at'>;

export async function insertPackage(db: Executor, row: PackageColumns & { created_at: string }) {
  const r = await db.insertInto('packages').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updatePackage(db: Executor, id: number, set: Partial<PackageColumns>) {
  await db.updateTable('packages').set(set).where('id', '=', id).execute();
}

/** A coupon package's columns as the console writes them: the row without what the database fills. */
export type CouponPackageColumns = Omit<Selectable<CouponPackagesTable>, 'id' | 'created_at'>;

export async function insertCouponPackage(db: Executor, row: CouponPackageColumns & { created_at: string }) {
  const r = await db.insertInto('coupon_packages').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function updateCouponPackage(db: Executor, id: number, set: CouponPackageColumns) {
  await db.updateTable('coupon_packages').set(set).where('id', '=', id).execute();
}

export async function replaceOffer(
  db: Executor,
  agentId: number,
  offer: { amount_fen: number; bonus_fen: number; title: string; description: string } | null,
) {
  // one offer per agent: the portal reads the agent's first row
  await db.deleteFrom('recharge_offers').where('agent_id', '=', agentId).execute();
  if (offer)
    await db
      .insertInto('recharge_offers')
      .values({ agent_id: agentId, ...offer })
      .execute();
}

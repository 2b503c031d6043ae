// SQL of the console's catalogue: the tables the portal's catalogue reads (package_series,
// packages, coupon_packages, recharge_offers) and the voucher batches. Every list is filtered by
// agent when the operator is an agent administrator.
import { sql, type Selectable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { VoucherBatchesTable } from '../../../db/schema';

export async function seriesList(db: Executor, agent: readonly number[] | null) {
  let q = db
    .selectFrom('package_series as s')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .select((eb) => [
      's.id',
      's.agent_id',
      'a.nickname as agent_name',
      's.name',
      's.description',
      's.sort',
      eb
        .selectFrom('packages')
        .select(sql<number>`count(*)`.as('n'))
        .whereRef('packages.series_id', '=', 's.id')
        .as('package_count'),
    ])
    .orderBy('s.agent_id')
    .orderBy('s.sort')
    .orderBy('s.id');
  if (agent !== null) q = q.where('s.agent_id', 'in', agent);
  return q.execute();
}

export async function seriesById(db: Executor, id: number) {
  return db.selectFrom('package_series').selectAll().where('id', '=', id).executeTakeFirst();
}

function packagesQuery(db: Executor) {
  return db
    .selectFrom('packages as p')
    .innerJoin('package_series as s', 's.id', 'p.series_id')
    .innerJoin('agents as a', 'a.id', 's.agent_id')
    .selectAll('p')
    .select(['s.name as series_name', 's.agent_id', 'a.nickname as agent_name']);
}

export async function packagesList(db: Executor, f: { agent: readonly number[] | null; seriesId?: number; packageType?: number }) {
  let q = packagesQuery(db).orderBy('s.agent_id').orderBy('p.series_id').orderBy('p.sort').orderBy('p.id');
  if (f.agent !== null) q = q.where('s.agent_id', 'in', f.agent);
  if (f.seriesId !== undefined) q = q.where('p.series_id', '=', f.seriesId);
  if (f.packageType !== undefined) q = q.where('p.package_type', '=', f.packageType);
  return q.execute();
}

export async function packageById(db: Executor, id: number) {
  return packagesQuery(db).where('p.id', '=', id).executeTakeFirst();
}

export async function couponPackages(db: Executor, agent: readonly number[] | null) {
  let q = db
    .selectFrom('coupon_packages as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .selectAll('c')
    .select('a.nickname as agent_name')
    .orderBy('c.agent_id')
    .orderBy('c.id');
  if (agent !== null) q = q.where('c.agent_id', 'in', agent);
  return q.execute();
}

export async function couponPackageById(db: Executor, id: number) {
  return db
    .selectFrom('coupon_packages as c')
    .innerJoin('agents as a', 'a.id', 'c.agent_id')
    .selectAll('c')
    .select('a.nickname as agent_name')
    .where('c.id', '=', id)
    .executeTakeFirst();
}

export async function agentsWithOffers(db: Executor, agent: readonly number[] | null) {
  let q = db
    .selectFrom('agents as a')
    .leftJoin('recharge_offers as r', 'r.agent_id', 'a.id')
    .select(['a.id as agent_id', 'a.nickname as agent_name', 'r.id as offer_id', 'r.amount_fen', 'r.bonus_fen', 'r.title', 'r.description'])
    .orderBy('a.id');
  if (agent !== null) q = q.where('a.id', 'in', agent);
  return q.execute();
}

export async function agentExists(db: Executor, id: number) {
  return db.selectFrom('agents').select('id').where('id', '=', id).executeTakeFirst();
}

export async function cardsByNumbers(db: Executor, nums: string[]) {
  const out: { id: number; custom_num: string; agent_id: number }[] = [];
  for (let i = 0; i < nums.length; i += 500) {
    out.push(
      ...(await db
        .selectFrom('cards')
        .select(['id', 'custom_num', 'agent_id'])
        .where('custom_num', 'in', nums.slice(i, i + 500))
        .execute()),
    );
  }
  return out;
}

export async function cardsOfAgent(db: Executor, agentId: number, limit: number) {
  return db.selectFrom('cards').select(['id', 'package_series_ids']).where('agent_id', '=', agentId).orderBy('id').limit(limit).execute();
}

export async function batchByRequest(db: Executor, requestId: string) {
  return db.selectFrom('voucher_batches').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function batchById(db: Executor, id: number) {
  return db.selectFrom('voucher_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertBatch(db: Executor, row: Omit<Selectable<VoucherBatchesTable>, 'id'>) {
  const r = await db.insertInto('voucher_batches').values(row).returning('id').executeTakeFirstOrThrow();
  return r.id;
}

export async function batches(db: Executor, agent: readonly number[] | null, beforeId: number | undefined, limit: number) {
  let q = db.selectFrom('voucher_batches').selectAll().orderBy('id', 'desc').limit(limit);
  if (agent !== null) q = q.where('agent_id', 'in', agent);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  return q.execute();
}

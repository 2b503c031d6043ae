// The card import's queries: the batches it owns (card_import_batches, its one writer) and what
// it reads of the cards, series and agents to check a file. Cards themselves are written through
// the card record (modules/cardRecord).
import { sql, type Insertable } from 'kysely';
import type { Executor } from '../../../db/executor';
import type { CardImportBatchesTable } from '../../../db/schema';

/** Of the card numbers given, those already present. */
export async function presentCustomNums(db: Executor, nums: string[]): Promise<string[]> {
  const rows = await db.selectFrom('cards').select('custom_num').where('custom_num', 'in', nums).execute();
  return rows.map((r) => r.custom_num);
}

/** Of the ICCIDs given, those already present. */
export async function presentIccids(db: Executor, iccids: string[]): Promise<string[]> {
  const rows = await db.selectFrom('cards').select('iccid').where('iccid', 'in', iccids).execute();
  return rows.map((r) => r.iccid);
}

export function seriesAgents(db: Executor) {
  return db.selectFrom('package_series').select(['id', 'agent_id']).execute();
}

export function agentMarks(db: Executor) {
  return db.selectFrom('agents').select(['id', 'mark', 'parent_id']).execute();
}

/** A committed import's batch row, before it is given an id (never undone yet). */
export type NewBatch = Omit<Insertable<CardImportBatchesTable>, 'id' | 'undone_at'>;

export async function insertBatch(db: Executor, batch: NewBatch): Promise<number> {
  const row = await db
    .insertInto('card_import_batches')
    .values({ ...batch, undone_at: null })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

function batchesWithAgentName(db: Executor) {
  return db
    .selectFrom('card_import_batches')
    .innerJoin('agents', 'agents.id', 'card_import_batches.agent_id')
    .selectAll('card_import_batches')
    .select('agents.nickname as agent_name');
}

/** A batch with its agent's name. */
export function batchWithAgentName(db: Executor, id: number) {
  return batchesWithAgentName(db).where('card_import_batches.id', '=', id).executeTakeFirstOrThrow();
}

/** Batches newest first, of one agent (null: all), before an id; `limit` rows at most. */
export function batchesNewestFirst(db: Executor, agentId: readonly number[] | null, beforeId: number | undefined, limit: number) {
  let q = batchesWithAgentName(db);
  if (agentId !== null) q = q.where('card_import_batches.agent_id', 'in', agentId);
  if (beforeId) q = q.where('card_import_batches.id', '<', beforeId);
  return q.orderBy('card_import_batches.id', 'desc').limit(limit).execute();
}

export function batchById(db: Executor, id: number) {
  return db.selectFrom('card_import_batches').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function markBatchUndone(db: Executor, id: number, at: string): Promise<void> {
  await db.updateTable('card_import_batches').set({ undone_at: at }).where('id', '=', id).execute();
}

export async function customNumsOfBatch(db: Executor, batchId: number): Promise<string[]> {
  const rows = await db.selectFrom('cards').select('custom_num').where('import_batch_id', '=', batchId).execute();
  return rows.map((r) => r.custom_num);
}

/** Tables whose rows mean a card has been used: bound, ordered, used data, or touched by its holder. */
const USE_TABLES = [
  'card_bindings',
  'orders',
  'card_flow_daily',
  'card_packages',
  'balance_ledger',
  'vouchers',
  'tickets',
  'diagnoses',
  'devices',
  'card_personal_info',
  'real_name_tickets',
  'change_card_applications',
  'order_deliveries',
  'card_alert_settings',
  'card_notices',
  'alert_recipients',
] as const;

/** The card numbers of a batch that have been used (empty: the batch may be undone). */
export async function usedCards(db: Executor, batchId: number): Promise<string[]> {
  const used = new Set<string>();
  for (const table of USE_TABLES) {
    // the same question of each table (card_id is every one's column); the name is from the list above
    const rows = await sql<{ custom_num: string }>`select c.custom_num from cards c where c.import_batch_id = ${batchId}
      and exists (select 1 from ${sql.table(table)} u where u.card_id = c.id)`
      .execute(db)
      .then((r) => r.rows);
    for (const r of rows) used.add(r.custom_num);
  }
  const flowed = await db
    .selectFrom('cards')
    .select('custom_num')
    .where('import_batch_id', '=', batchId)
    .where('flow_synced_at', '!=', '')
    .execute();
  for (const r of flowed) used.add(r.custom_num);
  return [...used].sort();
}

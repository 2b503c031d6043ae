// carrier_accounts: the one writer (docs/decisions/0008). The account's fields, and the health
// columns the sync engine keeps (calls, failures in a row, the circuit, the last round).
// Also the reads of cards the sync engine (round.ts) and the accounts' health need.
import { CardState } from '@portal/contract/enums';
import { sql } from 'kysely';
import type { Executor } from '../../db/executor';
import type { Card, CarrierAccountsTable } from '../../db/schema';
import type { Selectable } from 'kysely';

export type CarrierAccount = Selectable<CarrierAccountsTable>;

export async function listAccounts(db: Executor): Promise<CarrierAccount[]> {
  return db.selectFrom('carrier_accounts').selectAll().orderBy('id').execute();
}

export async function accountById(db: Executor, id: number): Promise<CarrierAccount | undefined> {
  return db.selectFrom('carrier_accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function accountByName(db: Executor, name: string): Promise<CarrierAccount | undefined> {
  return db.selectFrom('carrier_accounts').selectAll().where('name', '=', name).executeTakeFirst();
}

export interface AccountFields {
  name: string;
  carrier: string;
  base_url: string;
  /** sealed JSON */
  credentials: string;
  enabled: number;
  calls_per_second: number;
}

export async function insertAccount(db: Executor, f: AccountFields & { source: string }, at: string): Promise<number> {
  const row = await db
    .insertInto('carrier_accounts')
    .values({ ...f, created_at: at, updated_at: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function updateAccount(db: Executor, id: number, f: Partial<AccountFields>, at: string): Promise<void> {
  await db
    .updateTable('carrier_accounts')
    .set({ ...f, updated_at: at })
    .where('id', '=', id)
    .execute();
}

/** Count calls made for an account: those answered, and those failed. */
export async function countCalls(db: Executor, id: number, ok: number, failed: number): Promise<void> {
  if (ok === 0 && failed === 0) return;
  await db
    .updateTable('carrier_accounts')
    .set({ calls_ok: sql<number>`calls_ok + ${ok}`, calls_failed: sql<number>`calls_failed + ${failed}` })
    .where('id', '=', id)
    .execute();
}

/** One more account-level failure in a row, of `kind` (auth, unavailable, malformed); answers the count (atomic across processes). */
export async function addFailure(db: Executor, id: number, error: string, kind: string): Promise<number> {
  const row = await db
    .updateTable('carrier_accounts')
    .set({ failures: sql<number>`failures + 1`, last_error: error.slice(0, 300), last_error_kind: kind.slice(0, 20) })
    .where('id', '=', id)
    .returning('failures')
    .executeTakeFirst();
  return Number(row?.failures ?? 0);
}

export async function openCircuit(db: Executor, id: number, until: string): Promise<void> {
  await db.updateTable('carrier_accounts').set({ circuit_open_until: until }).where('id', '=', id).execute();
}

/** A call went through: the failures in a row end, the circuit closes. Writes only when needed. */
export async function noteSuccess(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('carrier_accounts')
    .set({ failures: 0, circuit_open_until: '' })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('failures', '!=', 0), eb('circuit_open_until', '!=', '')]))
    .execute();
}

/** A complete round of the account: when it ended, the cards it read and those whose read failed. */
export async function noteRound(db: Executor, id: number, at: string, cards: number, failed: number): Promise<void> {
  await db
    .updateTable('carrier_accounts')
    .set({ last_round_at: at, last_round_cards: cards, last_round_failed: failed })
    .where('id', '=', id)
    .execute();
}

/**
 * Operators were told of `state` ('' : back to normal) in the messaging app: true for the one
 * process whose write moved the account's alerted state from another value (a round's alert goes
 * once per episode, whichever process runs the round).
 */
export async function markAlerted(db: Executor, id: number, state: string): Promise<boolean> {
  const r = await db
    .updateTable('carrier_accounts')
    .set({ alerted_state: state })
    .where('id', '=', id)
    .where('alerted_state', '!=', state)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * The operator changed what the account connects with (its address or credentials) or enabled it
 * again: the failures in a row, the open circuit and the last error were about the old settings,
 * so the next round tries at once. The call counts (the error rate) stay.
 */
export async function clearHealth(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('carrier_accounts')
    .set({ failures: 0, circuit_open_until: '', last_error: '', last_error_kind: '' })
    .where('id', '=', id)
    .execute();
}

/** Per account, when its longest-waiting card was marked for a sync (cards.sync_wanted_at; the metrics' oldest unsynced card). */
export async function oldestSyncWanted(db: Executor): Promise<{ account: number; since: string }[]> {
  const rows = await db
    .selectFrom('cards')
    .select((eb) => ['carrier_account_id as account', eb.fn.min('sync_wanted_at').as('since')])
    .where('sync_wanted_at', '!=', '')
    .groupBy('carrier_account_id')
    .execute();
  return rows.map((r) => ({ account: Number(r.account), since: String(r.since) }));
}

export interface CardCounts {
  /** the account's cards that are not cancelled */
  cards: number;
  /** of those, the ones whose figures are older than `staleBefore` or were never read */
  stale: number;
}

/** Per account: its cards that are not cancelled, and how many of them were last read before `staleBefore`. */
export async function cardCounts(db: Executor, staleBefore: string): Promise<Map<number, CardCounts>> {
  const rows = await db
    .selectFrom('cards')
    .select([
      'carrier_account_id',
      (eb) => eb.fn.countAll<number | string>().as('cards'),
      // '' (never read) sorts before any time: stale
      sql<number | string>`sum(case when flow_synced_at < ${staleBefore} then 1 else 0 end)`.as('stale'),
    ])
    .where('state', '!=', CardState.Cancelled)
    .groupBy('carrier_account_id')
    .execute();
  return new Map(rows.map((r) => [Number(r.carrier_account_id), { cards: Number(r.cards), stale: Number(r.stale ?? 0) }]));
}

/** What a card's sync needs of its row (a full row only for a pending verification). */
const DUE_COLUMNS = [
  'id',
  'custom_num',
  'created_at',
  'flow_synced_at',
  'carrier_account_id',
  'sync_wanted_at',
  'auth_state',
  'iccid',
  'isdn',
  'imsi',
  'state',
] as const;
export type DueCard = Pick<Card, (typeof DUE_COLUMNS)[number]>;

/** Where a walk over one order stopped: the last card's key and id. */
export interface Cursor {
  at: string;
  id: number;
}

/** The next asked-for cards of the account after `from`, in (sync_wanted_at, id) order. */
export function nextWanted(db: Executor, accountId: number, from: Cursor, n: number): Promise<DueCard[]> {
  return db
    .selectFrom('cards')
    .select(DUE_COLUMNS)
    .where('carrier_account_id', '=', accountId)
    .where('sync_wanted_at', '>', '')
    .where(sql<boolean>`(sync_wanted_at, id) > (${from.at}, ${from.id})`)
    .orderBy('sync_wanted_at')
    .orderBy('id')
    .limit(n)
    .execute();
}

/** The next cards of the account whose figures are older than the cut-offs, after `from`, in (flow_synced_at, id) order. */
export function nextStale(
  db: Executor,
  accountId: number,
  from: Cursor,
  cut: { stale: string; staleCancelled: string },
  n: number,
): Promise<DueCard[]> {
  return db
    .selectFrom('cards')
    .select(DUE_COLUMNS)
    .where('carrier_account_id', '=', accountId)
    .where('flow_synced_at', '<', cut.stale)
    .where(sql<boolean>`(flow_synced_at, id) > (${from.at}, ${from.id})`)
    .where((eb) => eb.or([eb('state', '!=', CardState.Cancelled), eb('flow_synced_at', '<', cut.staleCancelled)]))
    .orderBy('flow_synced_at')
    .orderBy('id')
    .limit(n)
    .execute();
}

/** Full rows of the given cards. */
export async function cardsByIds(db: Executor, ids: number[]): Promise<Card[]> {
  if (ids.length === 0) return [];
  return db.selectFrom('cards').selectAll().where('id', 'in', ids).execute();
}

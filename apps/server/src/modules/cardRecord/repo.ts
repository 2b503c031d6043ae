// SQL of the card record: the ONE writer of the `cards` table. Other modules change a card
// only through these functions, each named for what it means, inside their own transaction when
// they pass one (Executor). Conditional updates answer whether they changed the row.
import { sql, type ExpressionBuilder, type Insertable } from 'kysely';
import { CardState } from '@portal/contract/enums';
import type { CardFlag } from '@portal/domain';
import type { Executor } from '../../db/executor';
import { preparedQuery } from '../../db/preparedQuery';
import { CARD_COLUMNS } from './columns';
import type { Card, CardsTable, Database } from '../../db/schema';

// card info's hot path (every page): compiled once (db/preparedQuery)
const cardByNumQuery = preparedQuery((db, customNum: string) =>
  db.selectFrom('cards').select(CARD_COLUMNS).where('custom_num', '=', customNum),
);
export async function cardByNum(db: Executor, customNum: string): Promise<Card | undefined> {
  return (await cardByNumQuery(db, customNum))[0];
}

// every card operation's authorization (./access.ts): the card and whether this user holds it,
// in one statement instead of two
const cardForUserQuery = preparedQuery((db, customNum: string, userId: number) =>
  db
    .selectFrom('cards')
    .select(CARD_COLUMNS)
    .select((eb) => boundToUser(eb, userId))
    .where('cards.custom_num', '=', customNum),
);

/** The access check's column of a query over `cards`: whether this user holds the card (also card info's read model). */
export function boundToUser(eb: ExpressionBuilder<Database, 'cards'>, userId: number) {
  return eb
    .exists(
      eb
        .selectFrom('card_bindings')
        .select('card_bindings.id')
        .whereRef('card_bindings.card_id', '=', 'cards.id')
        .where('card_bindings.user_id', '=', userId),
    )
    .as('bound_to_user');
}
/** The card with this number, and whether it is bound to this user (card_bindings is modules/cards'; read here for access). */
export async function cardForUser(db: Executor, customNum: string, userId: number): Promise<{ card: Card; bound: boolean } | undefined> {
  const row = (await cardForUserQuery(db, customNum, userId))[0];
  if (!row) return undefined;
  const { bound_to_user, ...card } = row;
  // SQLite answers 0/1, PostgreSQL a boolean
  return { card, bound: Boolean(bound_to_user) };
}

/** The card whose SIM has this ICCID (printed, often as a barcode, on the card's holder). */
export async function cardByIccid(db: Executor, iccid: string): Promise<Card | undefined> {
  return db.selectFrom('cards').selectAll().where('iccid', '=', iccid).executeTakeFirst();
}

export async function cardById(db: Executor, id: number): Promise<Card | undefined> {
  return db.selectFrom('cards').selectAll().where('id', '=', id).executeTakeFirst();
}

/** Whether the card is bound to this user (card_bindings is modules/cards'; read here for access). */
const isBoundToQuery = preparedQuery((db, cardId: number, userId: number) =>
  db.selectFrom('card_bindings').select('id').where('card_id', '=', cardId).where('user_id', '=', userId),
);
export async function isBoundTo(db: Executor, cardId: number, userId: number): Promise<boolean> {
  return (await isBoundToQuery(db, cardId, userId)).length > 0;
}

/** The card's expiry and the flags an order may turn on (read before a delivery and by a refund). */
export async function cardFlags(db: Executor, cardId: number) {
  return db
    .selectFrom('cards')
    .select(['expired_at', 'order_has_payment', 'ordered_flag', 'balance_order_has_payment', 'has_first_balance_order'])
    .where('id', '=', cardId)
    .executeTakeFirstOrThrow();
}

export async function balanceOf(db: Executor, cardId: number): Promise<number> {
  return (await db.selectFrom('cards').select('balance_fen').where('id', '=', cardId).executeTakeFirstOrThrow()).balance_fen;
}

// ---------- changes, one per meaning ----------

/** The card login password (modules/cardPassword). */
export async function setPasswordHash(db: Executor, cardId: number, hash: string): Promise<void> {
  await db.updateTable('cards').set({ password_hash: hash }).where('id', '=', cardId).execute();
}

/** The card password's hash made again under today's cost (lib/password's rehashIfNeeded), only if it is still `oldHash`. */
export async function replacePasswordHash(db: Executor, cardId: number, oldHash: string, newHash: string): Promise<void> {
  await db.updateTable('cards').set({ password_hash: newHash }).where('id', '=', cardId).where('password_hash', '=', oldHash).execute();
}

/**
 * Settles a multi-series card on one series (modules/series). Conditional on the card still being
 * multi-series, so two choices racing from two tabs cannot both land: false when another choice won.
 */
export async function settleSeries(db: Executor, cardId: number, seriesId: number): Promise<boolean> {
  const r = await db
    .updateTable('cards')
    .set({ package_series_ids: JSON.stringify([seriesId]), multi_series: 0 })
    .where('id', '=', cardId)
    .where('multi_series', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The holder's personal information is on file (modules/realName): no more /collect prompt. */
export async function clearNeedId(db: Executor, cardId: number): Promise<void> {
  await db.updateTable('cards').set({ need_id: 0 }).where('id', '=', cardId).execute();
}

/** The carrier now says real-named (modules/realName): the card is verified, in one update. */
export async function markRealNameVerified(db: Executor, cardId: number): Promise<boolean> {
  const r = await db
    .updateTable('cards')
    .set({ supplier_auth_state: 1, auth_state: 1, fake_real_name: 0 })
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('supplier_auth_state', '=', 0), eb('auth_state', '=', 0), eb('fake_real_name', '=', 1)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/**
 * Clears the replacement prompt (modules/replacement). Conditional: of two applications racing,
 * only the one that clears the flag goes on; false when it was not set.
 */
export async function clearChangeCardPrompt(db: Executor, cardId: number): Promise<boolean> {
  const r = await db
    .updateTable('cards')
    .set({ need_change_card: 0 })
    .where('id', '=', cardId)
    .where('need_change_card', '=', 1)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** When usage was last taken from the carrier (modules/usage); never moves the mark backwards. */
export async function markUsageSynced(db: Executor, cardId: number, syncedAt: string): Promise<boolean> {
  const res = await db
    .updateTable('cards')
    .set({ flow_synced_at: syncedAt })
    .where('id', '=', cardId)
    .where('flow_synced_at', '<', syncedAt)
    .executeTakeFirst();
  // true: this sync is the latest (a later one had not been marked yet)
  return Number(res.numUpdatedRows) > 0;
}

/**
 * Add (amountFen > 0) to or take (amountFen < 0) from the balance, conditional so that it never
 * goes below zero. Answers the new balance, or null when it would. Only commerce/balance calls
 * this, in the transaction that also writes the ledger row.
 */
export async function addToBalance(db: Executor, cardId: number, amountFen: number): Promise<number | null> {
  let q = db
    .updateTable('cards')
    .set({ balance_fen: sql<number>`balance_fen + ${amountFen}` })
    .where('id', '=', cardId);
  if (amountFen < 0) q = q.where('balance_fen', '>=', -amountFen);
  const row = await q.returning('balance_fen').executeTakeFirst();
  return row ? row.balance_fen : null;
}

/** A package was delivered: the card has bought one, and its expiry follows the packages. */
export async function markPackageBought(db: Executor, cardId: number, expiredAt: string): Promise<void> {
  await db.updateTable('cards').set({ order_has_payment: 1, ordered_flag: 1, expired_at: expiredAt }).where('id', '=', cardId).execute();
}

/** The card's first balance order: true only for the one delivery that flipped the flag (it gets the first-recharge bonus). */
export async function markFirstBalanceOrder(db: Executor, cardId: number): Promise<boolean> {
  const r = await db
    .updateTable('cards')
    .set({ has_first_balance_order: 1 })
    .where('id', '=', cardId)
    .where('has_first_balance_order', '=', 0)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

export async function markBalanceOrderPaid(db: Executor, cardId: number): Promise<void> {
  await db.updateTable('cards').set({ balance_order_has_payment: 1 }).where('id', '=', cardId).execute();
}

/** What a refund puts back on the card (commerce/refunds): flags orders had turned on, and the expiry. */
export async function restoreAfterRefund(
  db: Executor,
  cardId: number,
  patch: Partial<Record<CardFlag, number>> & { expired_at?: string },
): Promise<void> {
  if (Object.keys(patch).length === 0) return;
  await db.updateTable('cards').set(patch).where('id', '=', cardId).execute();
}

/**
 * The card's state and stop reason as the carrier reports them now (modules/line, on every sync).
 * Changes the row only when they differ; answers whether it did. A line back in service (or no
 * longer stopped for a reason a payment fixes) needs no resume any more.
 */
export async function setCarrierState(db: Executor, cardId: number, state: number, stopReason: string): Promise<boolean> {
  const stopped = state === CardState.Stopped || state === CardState.ReachedDisconnect;
  const r = await db
    .updateTable('cards')
    .set(stopped ? { state, stop_reason: stopReason } : { state, stop_reason: stopReason, resume_requested_at: '' })
    .where('id', '=', cardId)
    .where((eb) =>
      eb.or([eb('state', '!=', state), eb('stop_reason', '!=', stopReason), ...(stopped ? [] : [eb('resume_requested_at', '!=', '')])]),
    )
    .executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * A payment or recharge fixed what stopped the line (modules/line decides, inside the payment's
 * transaction): the carrier is to resume it. Only a stopped line is marked; the first request stays.
 */
export async function requestResume(db: Executor, cardId: number, atIso: string): Promise<boolean> {
  const r = await db
    .updateTable('cards')
    .set({ resume_requested_at: atIso })
    .where('id', '=', cardId)
    .where('state', 'in', [CardState.Stopped, CardState.ReachedDisconnect])
    .where('resume_requested_at', '=', '')
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** Cards whose resume the carrier has not confirmed yet, oldest request first (the restore job). */
export async function awaitingResume(db: Executor, limit: number): Promise<Card[]> {
  return db.selectFrom('cards').selectAll().where('resume_requested_at', '!=', '').orderBy('resume_requested_at').limit(limit).execute();
}

/** The APN the carrier's line test found, and the one the line needs (modules/line). */
export async function setApn(db: Executor, cardId: number, apn: string, expected: string): Promise<void> {
  await db
    .updateTable('cards')
    .set({ apn, apn_expected: expected })
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('apn', '!=', apn), eb('apn_expected', '!=', expected)]))
    .execute();
}

// The console's writes (modules/admin/cards), each inside the caller's transaction with its audit row.

/** An import batch's new cards (the caller cuts them into chunks the database takes in one statement). */
export async function insertCards(db: Executor, rows: Insertable<CardsTable>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('cards').values(rows).execute();
}

/** Undoing an import batch: its cards go (the caller has checked that none has been used). */
export async function deleteCardsOfBatch(db: Executor, batchId: number): Promise<void> {
  await db.deleteFrom('cards').where('import_batch_id', '=', batchId).execute();
}

/** The columns a console bulk action changes. */
export type BulkCardChange =
  | { state: number; stop_reason: string }
  | { need_change_card: number }
  | { package_series_ids: string }
  | { agent_id: number };

/** One card's bulk action. */
export async function applyBulkChange(db: Executor, cardId: number, set: BulkCardChange): Promise<void> {
  await db.updateTable('cards').set(set).where('id', '=', cardId).execute();
}

// ---- the carrier sync engine's marks (025; modules/carriers) ----

/** The platform's own status code as last read (shown with 状态未知 when we have no row for it). */
export async function setCarrierRawState(db: Executor, cardId: number, raw: string): Promise<void> {
  await db.updateTable('cards').set({ carrier_raw_state: raw }).where('id', '=', cardId).where('carrier_raw_state', '!=', raw).execute();
}

/**
 * The line's state is not known: a carrier answered a change of it with a code we do not know
 * (docs/decisions/0030). 状态未知 with that code for support, and the line is asked to be read
 * again; a resume asked for after a payment stays asked (setCarrierState would end it).
 */
export async function setCarrierStateUnknown(db: Executor, cardId: number, raw: string, at: string): Promise<void> {
  await db
    .updateTable('cards')
    .set({
      state: CardState.Other,
      stop_reason: '',
      carrier_raw_state: raw,
      sync_wanted_at: sql<string>`case when sync_wanted_at = '' then ${at} else sync_wanted_at end`,
    })
    .where('id', '=', cardId)
    .execute();
}

/** Ask for the card's line to be read again soon (kept at the earliest ask until it is read). */
export async function wantSync(db: Executor, cardId: number, at: string): Promise<void> {
  await db.updateTable('cards').set({ sync_wanted_at: at }).where('id', '=', cardId).where('sync_wanted_at', '=', '').execute();
}

/** The line was read: asks made before `readAt` are answered (a later ask stays). */
export async function syncAnswered(db: Executor, cardId: number, readAt: string): Promise<void> {
  await db
    .updateTable('cards')
    .set({ sync_wanted_at: '' })
    .where('id', '=', cardId)
    .where('sync_wanted_at', '!=', '')
    .where('sync_wanted_at', '<=', readAt)
    .execute();
}

/** Move cards to another carrier account (the console's bulk job, an import). */
export async function setCarrierAccount(db: Executor, cardIds: number[], accountId: number, at: string): Promise<number> {
  if (cardIds.length === 0) return 0;
  const r = await db
    .updateTable('cards')
    .set({ carrier_account_id: accountId, sync_wanted_at: at })
    .where('id', 'in', cardIds)
    .executeTakeFirst();
  return Number(r.numUpdatedRows);
}

/**
 * The line's IMSI as a carrier platform answered it (036): kept when the platform names one and
 * it differs; an empty answer never erases what an import gave.
 */
export async function setImsi(db: Executor, cardId: number, imsi: string): Promise<void> {
  if (!/^\d{15}$/.test(imsi)) return;
  await db.updateTable('cards').set({ imsi }).where('id', '=', cardId).where('imsi', '!=', imsi).execute();
}

/** Whether the card's agent lets its holders recharge the balance (agents is read, never written, here). */
export async function agentOpensBalanceRecharge(db: Executor, agentId: number): Promise<boolean> {
  const agent = await db.selectFrom('agents').select('open_balance_recharge').where('id', '=', agentId).executeTakeFirst();
  return agent?.open_balance_recharge === 1;
}

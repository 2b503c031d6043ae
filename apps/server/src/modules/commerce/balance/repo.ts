// SQL of the balance: owns balance_ledger. Every change is one conditional update of the card's
// balance (modules/cardRecord: addToBalance) plus one ledger row with the balance after it, in
// the caller's transaction: the balance always equals the sum of its ledger, and a debit can never
// take it below zero.
import type { Executor } from '../../../db/executor';
import { cardRecord } from '../../cardRecord';

export type LedgerKind = 'recharge' | 'bonus' | 'purchase' | 'refund' | 'adjust';

interface Entry {
  cardId: number;
  amountFen: number;
  kind: LedgerKind;
  orderNo: string;
  note: string;
  nowIso: string;
}

/**
 * Add (amountFen > 0) or take (amountFen < 0). Answers the new balance, or null when it would go
 * below zero. Pass the caller's transaction: the two writes must land together.
 */
export async function move(trx: Executor, e: Entry): Promise<number | null> {
  const after = await cardRecord.addToBalance(trx, e.cardId, e.amountFen);
  if (after === null) return null;
  await trx
    .insertInto('balance_ledger')
    .values({
      card_id: e.cardId,
      amount_fen: e.amountFen,
      kind: e.kind,
      order_no: e.orderNo,
      balance_after_fen: after,
      note: e.note,
      created_at: e.nowIso,
    })
    .execute();
  return after;
}

/**
 * The card's entries, newest first: all, only money in (> 0) or only money out (< 0); older than
 * `beforeId` for the next page. Paged by id, not by offset: an entry written while the user reads
 * neither repeats nor hides a row on the next page.
 */
export async function ledgerOfCard(
  db: Executor,
  cardId: number,
  direction: 'all' | 'in' | 'out',
  beforeId: number | undefined,
  limit: number,
) {
  return db
    .selectFrom('balance_ledger')
    .selectAll()
    .where('card_id', '=', cardId)
    .$call((q) => (direction === 'in' ? q.where('amount_fen', '>', 0) : direction === 'out' ? q.where('amount_fen', '<', 0) : q))
    .$call((q) => (beforeId === undefined ? q : q.where('id', '<', beforeId)))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** An order's credits to the balance (recharge and first-recharge bonus), for taking them back. */
export async function ledgerOfOrder(db: Executor, cardId: number, orderNo: string) {
  return db
    .selectFrom('balance_ledger')
    .select(['kind', 'amount_fen'])
    .where('card_id', '=', cardId)
    .where('order_no', '=', orderNo)
    .orderBy('id')
    .execute();
}

// ---------- manual adjustments by an operator (019) ----------

/**
 * Claims an adjustment's request id: the row, or undefined when this request id was claimed before
 * (a repeated submit: on PostgreSQL a concurrent one waits for the first to commit, then finds it).
 */
export async function claimAdjustment(
  trx: Executor,
  row: { request_id: string; card_id: number; amount_fen: number; reason: string; operator_id: number; created_at: string },
) {
  return trx
    .insertInto('balance_adjustments')
    .values(row)
    .onConflict((oc) => oc.column('request_id').doNothing())
    .returning('id')
    .executeTakeFirst();
}

export async function adjustmentByRequest(db: Executor, requestId: string) {
  return db.selectFrom('balance_adjustments').selectAll().where('request_id', '=', requestId).executeTakeFirst();
}

export async function setAdjustmentLedger(trx: Executor, id: number, ledgerId: number): Promise<void> {
  await trx.updateTable('balance_adjustments').set({ ledger_id: ledgerId }).where('id', '=', id).execute();
}

/** The newest ledger row of a card: the one move() has just written, inside the same transaction. */
export async function lastLedgerId(trx: Executor, cardId: number): Promise<number> {
  const r = await trx
    .selectFrom('balance_ledger')
    .select('id')
    .where('card_id', '=', cardId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  return r.id;
}

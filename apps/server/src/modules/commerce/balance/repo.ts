// SQL of the balance: owns balance_ledger. Every change is one conditional update of the card's
// balance (modules/cardRecord: addToBalance) plus one ledger row with the balance after it, in
// the caller's transaction: the balance always equals the sum of its ledger, and a debit can never
// take it below zero.
import type { Executor } from '../../../db/executor';
import { cardRecord } from '../../cardRecord';

export type LedgerKind = 'recharge' | 'bonus' | 'purchase' | 'refund';

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

// SQL of the balance. Every change is one conditional UPDATE of cards.balance_fen plus one ledger
// row with the balance after it, in the caller's transaction: the balance always equals the sum
// of its ledger, and a debit can never take it below zero.
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/connect';
import type { Database } from '../../db/schema';

export type LedgerKind = 'recharge' | 'bonus' | 'purchase' | 'refund';

interface Entry {
  cardId: number;
  amountFen: number;
  kind: LedgerKind;
  orderNo: string;
  note: string;
  nowIso: string;
}

/** Add (amountFen > 0) or take (amountFen < 0). Answers the new balance, or null when it would go below zero. */
export async function move(trx: Transaction<Database>, e: Entry): Promise<number | null> {
  let q = trx
    .updateTable('cards')
    .set({ balance_fen: sql<number>`balance_fen + ${e.amountFen}` })
    .where('id', '=', e.cardId);
  if (e.amountFen < 0) q = q.where('balance_fen', '>=', -e.amountFen);
  const row = await q.returning('balance_fen').executeTakeFirst();
  if (!row) return null;
  await trx
    .insertInto('balance_ledger')
    .values({ card_id: e.cardId, amount_fen: e.amountFen, kind: e.kind, order_no: e.orderNo, balance_after_fen: row.balance_fen, note: e.note, created_at: e.nowIso })
    .execute();
  return row.balance_fen;
}

export async function ledgerOfCard(db: Db, cardId: number, limit = 100) {
  return db.kysely.selectFrom('balance_ledger').selectAll().where('card_id', '=', cardId).orderBy('id', 'desc').limit(limit).execute();
}

export async function ledgerSum(db: Db, cardId: number): Promise<number> {
  const r = await db.kysely
    .selectFrom('balance_ledger')
    .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount_fen'), sql<number>`0`).as('s'))
    .where('card_id', '=', cardId)
    .executeTakeFirstOrThrow();
  return Number(r.s);
}

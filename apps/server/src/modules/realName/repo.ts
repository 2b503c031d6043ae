// SQL of the real-name module: owns the holder's personal information (sealed at rest) and the
// carrier real-name tickets. The card's verified flags are modules/cardRecord's.
import type { Executor } from '../../db/executor';
import type { PersonalDataSealer } from '../../lib/personalData';

/** The card holder's information, opened (it is sealed at rest: name, ID number, mobile). */
export async function personalInfoOf(db: Executor, sealer: PersonalDataSealer, cardId: number): Promise<PersonalInfoRow | undefined> {
  const row = await db.selectFrom('card_personal_info').selectAll().where('card_id', '=', cardId).executeTakeFirst();
  if (!row) return undefined;
  return {
    name: sealer.open(row.name),
    id_number: sealer.open(row.id_number),
    mobile: sealer.open(row.mobile),
    id_photo_front: row.id_photo_front,
    id_photo_back: row.id_photo_back,
  };
}

export interface PersonalInfoRow {
  name: string;
  id_number: string;
  mobile: string;
  id_photo_front: string | null;
  id_photo_back: string | null;
}

/** Saves (or replaces) the card holder's information, sealed, in the caller's transaction. */
export async function savePersonalInfo(
  db: Executor,
  sealer: PersonalDataSealer,
  cardId: number,
  plain: PersonalInfoRow,
  at: string,
): Promise<void> {
  const info = { ...plain, name: sealer.seal(plain.name), id_number: sealer.seal(plain.id_number), mobile: sealer.seal(plain.mobile) };
  const updated = await db
    .updateTable('card_personal_info')
    .set({ ...info, updated_at: at })
    .where('card_id', '=', cardId)
    .executeTakeFirst();
  if (Number(updated.numUpdatedRows) === 0)
    await db
      .insertInto('card_personal_info')
      .values({ card_id: cardId, ...info, updated_at: at })
      .execute();
}

/** The carrier's own reference for the attempt the ticket opened (OneLink's busiSeq), for support. */
export async function setTicketReference(db: Executor, ticket: string, reference: string): Promise<void> {
  await db
    .updateTable('real_name_tickets')
    .set({ carrier_reference: reference.slice(0, 100) })
    .where('ticket', '=', ticket)
    .execute();
}

/** Cards of `cardIds` with a verification opened and not yet used or expired. */
export async function pendingVerifications(db: Executor, cardIds: number[], nowIso: string): Promise<number[]> {
  if (cardIds.length === 0) return [];
  const rows = await db
    .selectFrom('real_name_tickets')
    .select('card_id')
    .distinct()
    .where('card_id', 'in', cardIds)
    .where('used_at', 'is', null)
    .where('expires_at', '>', nowIso)
    .execute();
  return rows.map((r) => r.card_id);
}

export async function createTicket(
  db: Executor,
  t: { ticket: string; card_id: number; mode: number; return_path: string; created_at: string; expires_at: string },
): Promise<void> {
  await db
    .insertInto('real_name_tickets')
    .values({ ...t, used_at: null })
    .execute();
}

export function ticketOf(db: Executor, ticket: string) {
  return db
    .selectFrom('real_name_tickets as t')
    .innerJoin('cards as c', 'c.id', 't.card_id')
    .select(['t.id', 't.ticket', 't.mode', 't.return_path', 't.expires_at', 't.used_at', 'c.custom_num', 'c.supplier', 'c.agent_id'])
    .where('t.ticket', '=', ticket)
    .executeTakeFirst();
}

/** Marks a ticket used; false when it was already used (a double submit) or has expired. */
export async function useTicket(db: Executor, id: number, now: string): Promise<boolean> {
  const r = await db
    .updateTable('real_name_tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

import type { Db } from '../../db/connect';
import type { PersonalDataSealer } from '../../lib/personalData';

/** The card holder's information, opened (it is sealed at rest: name, ID number, mobile). */
export async function personalInfoOf(db: Db, sealer: PersonalDataSealer, cardId: number): Promise<PersonalInfoRow | undefined> {
  const row = await db.kysely.selectFrom('card_personal_info').selectAll().where('card_id', '=', cardId).executeTakeFirst();
  if (!row) return undefined;
  return { name: sealer.open(row.name), id_number: sealer.open(row.id_number), mobile: sealer.open(row.mobile), id_photo_front: row.id_photo_front, id_photo_back: row.id_photo_back };
}

export interface PersonalInfoRow {
  name: string;
  id_number: string;
  mobile: string;
  id_photo_front: string | null;
  id_photo_back: string | null;
}

/** Saves (or replaces) the card holder's information and clears the card's need_id, together. */
export async function savePersonalInfo(db: Db, sealer: PersonalDataSealer, cardId: number, plain: PersonalInfoRow, at: string): Promise<void> {
  const info = { ...plain, name: sealer.seal(plain.name), id_number: sealer.seal(plain.id_number), mobile: sealer.seal(plain.mobile) };
  await db.kysely.transaction().execute(async (trx) => {
    const updated = await trx.updateTable('card_personal_info').set({ ...info, updated_at: at }).where('card_id', '=', cardId).executeTakeFirst();
    if (Number(updated.numUpdatedRows) === 0) await trx.insertInto('card_personal_info').values({ card_id: cardId, ...info, updated_at: at }).execute();
    await trx.updateTable('cards').set({ need_id: 0 }).where('id', '=', cardId).execute();
  });
}

export async function createTicket(db: Db, t: { ticket: string; card_id: number; mode: number; return_path: string; created_at: string; expires_at: string }): Promise<void> {
  await db.kysely.insertInto('real_name_tickets').values({ ...t, used_at: null }).execute();
}

export function ticketOf(db: Db, ticket: string) {
  return db.kysely
    .selectFrom('real_name_tickets as t')
    .innerJoin('cards as c', 'c.id', 't.card_id')
    .select(['t.id', 't.ticket', 't.mode', 't.return_path', 't.expires_at', 't.used_at', 'c.custom_num', 'c.supplier', 'c.agent_id'])
    .where('t.ticket', '=', ticket)
    .executeTakeFirst();
}

/** Marks a ticket used; false when it was already used (a double submit) or has expired. */
export async function useTicket(db: Db, id: number, now: string): Promise<boolean> {
  const r = await db.kysely
    .updateTable('real_name_tickets')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

/** The carrier now says real-named: the card is verified, in one update. */
export async function markVerified(db: Db, cardId: number): Promise<boolean> {
  const r = await db.kysely
    .updateTable('cards')
    .set({ supplier_auth_state: 1, auth_state: 1, fake_real_name: 0 })
    .where('id', '=', cardId)
    .where((eb) => eb.or([eb('supplier_auth_state', '=', 0), eb('auth_state', '=', 0), eb('fake_real_name', '=', 1)]))
    .executeTakeFirst();
  return Number(r.numUpdatedRows) === 1;
}

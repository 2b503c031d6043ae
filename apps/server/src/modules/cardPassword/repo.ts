// SQL of the card password module.
import type { Db } from '../../db/connect';

export async function cardByNum(db: Db, customNum: string) {
  return db.kysely
    .selectFrom('cards')
    .innerJoin('agents', 'agents.id', 'cards.agent_id')
    .select([
      'cards.id as id',
      'cards.custom_num as custom_num',
      'cards.password_hash as password_hash',
      'cards.reserve_mobile as reserve_mobile',
      'agents.mark as agent_mark',
      'agents.apply_name as agent_apply_name',
      'agents.card_login as card_login',
    ])
    .where('cards.custom_num', '=', customNum)
    .executeTakeFirst();
}

/** Mobile of the user the card is bound to (null when bound to nobody or that user has no mobile). */
export async function boundUserMobile(db: Db, cardId: number): Promise<string | null> {
  const row = await db.kysely
    .selectFrom('card_bindings')
    .innerJoin('users', 'users.id', 'card_bindings.user_id')
    .select('users.mobile')
    .where('card_bindings.card_id', '=', cardId)
    .executeTakeFirst();
  return row?.mobile ?? null;
}

/**
 * Sets a card's login password and signs out the card-number logins of that card (user_id 0),
 * in one transaction: nobody keeps a session opened with the old password.
 */
export async function setCardPasswordAndRevokeCardLogins(
  db: Db,
  card: { id: number; custom_num: string },
  hash: string,
  at: string,
): Promise<number> {
  return db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable('cards').set({ password_hash: hash }).where('id', '=', card.id).execute();
    const res = await trx
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('custom_num', '=', card.custom_num)
      .where('user_id', '=', 0)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(res.numUpdatedRows);
  });
}

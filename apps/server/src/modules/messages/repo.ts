// SQL of the message centre: the ONE writer of holder_messages (docs/decisions/0044-holder-account.md).
// The modules where the events happen (alerts, tickets) post through ./index.ts, in their own
// transaction when they pass one.
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { HolderMessagesTable } from '../../db/schema';

export interface Owner {
  userId: number;
  /** '' for a user; the card number of a card-number login (user 0) */
  customNum: string;
}

/** A message as a module posts it: the row without its id, owner and read mark; of a kind it names. */
export type NewMessage = Omit<Selectable<HolderMessagesTable>, 'id' | 'user_id' | 'owner_custom_num' | 'read_at' | 'kind'> & {
  kind: 'alert' | 'ticket';
};

/** Once per (owner, source): a repeat of the same event adds nothing. */
export async function insertMessageOnce(db: Executor, owner: Owner, m: NewMessage): Promise<void> {
  await db
    .insertInto('holder_messages')
    .values({ ...m, user_id: owner.userId, owner_custom_num: owner.customNum, read_at: null })
    .onConflict((oc) => oc.columns(['user_id', 'owner_custom_num', 'source']).doNothing())
    .execute();
}

export function messagesOf(db: Executor, owner: Owner, before: number | undefined, limit: number) {
  let q = db
    .selectFrom('holder_messages')
    .select(['id', 'kind', 'title', 'body', 'custom_num', 'link', 'created_at', 'read_at'])
    .where('user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum);
  if (before !== undefined) q = q.where('id', '<', before);
  return q.orderBy('id', 'desc').limit(limit).execute();
}

export async function unreadCount(db: Executor, owner: Owner): Promise<number> {
  const row = await db
    .selectFrom('holder_messages')
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .where('user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum)
    .where('read_at', 'is', null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Marks one of the owner's messages (or all of them) read; a message of someone else is untouched. */
export async function markRead(db: Executor, owner: Owner, id: number | 'all', at: string): Promise<number> {
  let q = db
    .updateTable('holder_messages')
    .set({ read_at: at })
    .where('user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum)
    .where('read_at', 'is', null);
  if (id !== 'all') q = q.where('id', '=', id);
  const res = await q.executeTakeFirst();
  return Number(res.numUpdatedRows);
}

export async function messageOf(db: Executor, owner: Owner, id: number) {
  return db
    .selectFrom('holder_messages')
    .select('id')
    .where('id', '=', id)
    .where('user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum)
    .executeTakeFirst();
}

// SQL of 在线咨询's messages (docs/decisions/0034): the ONE writer of `ticket_messages`. The
// conversation itself is a ticket, written by ./repo.ts.
import type { Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { TicketMessagesTable } from '../../db/schema';

export type MessageRow = Selectable<TicketMessagesTable>;

/** A message with its conversation's owner: what the streams are fanned out by. */
export type OwnedMessageRow = MessageRow & { owner_user_id: number; owner_custom_num: string };

/** A message as its sender gives it: the row without its id and read mark. */
export type NewMessage = Omit<MessageRow, 'id' | 'read_at'>;

/**
 * Stores the message unless the sender already sent one with this client_id in this conversation
 * (a double tap, a retry after a lost answer); either way answers the stored one and whether it
 * is new.
 */
export async function insertMessageOnce(db: Executor, m: NewMessage): Promise<{ row: MessageRow; created: boolean }> {
  const inserted = await db
    .insertInto('ticket_messages')
    .values(m)
    .onConflict((oc) => oc.columns(['ticket_id', 'sender', 'client_id']).doNothing())
    .returningAll()
    .executeTakeFirst();
  if (inserted) return { row: inserted, created: true };
  const row = await messageByClientId(db, m.ticket_id, m.sender, m.client_id);
  if (!row) throw new Error(`message ${m.client_id} of ticket ${m.ticket_id} conflicted but is not there`);
  return { row, created: false };
}

/** The sender's message of this client id in the conversation, if it was stored already. */
export function messageByClientId(db: Executor, ticketId: number, sender: string, clientId: string): Promise<MessageRow | undefined> {
  return db
    .selectFrom('ticket_messages')
    .selectAll()
    .where('ticket_id', '=', ticketId)
    .where('sender', '=', sender)
    .where('client_id', '=', clientId)
    .executeTakeFirst();
}

export function messagesOf(db: Executor, ticketId: number): Promise<MessageRow[]> {
  return db.selectFrom('ticket_messages').selectAll().where('ticket_id', '=', ticketId).orderBy('id').execute();
}

export function messageOf(db: Executor, ticketId: number, id: number): Promise<MessageRow | undefined> {
  return db.selectFrom('ticket_messages').selectAll().where('ticket_id', '=', ticketId).where('id', '=', id).executeTakeFirst();
}

/** The other side has seen the thread: every unread message of `sender` in it gets read_at. */
export async function markRead(db: Executor, ticketId: number, sender: string, at: string): Promise<void> {
  await db
    .updateTable('ticket_messages')
    .set({ read_at: at })
    .where('ticket_id', '=', ticketId)
    .where('sender', '=', sender)
    .where('read_at', '=', '')
    .execute();
}

/** Unread messages of `sender` per conversation, for the console's queue. */
export async function unreadCounts(db: Executor, ticketIds: number[], sender: string): Promise<Map<number, number>> {
  if (ticketIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('ticket_messages')
    .select(['ticket_id', (eb) => eb.fn.countAll<number | string>().as('n')])
    .where('ticket_id', 'in', ticketIds)
    .where('sender', '=', sender)
    .where('read_at', '=', '')
    .groupBy('ticket_id')
    .execute();
  return new Map(rows.map((r) => [r.ticket_id, Number(r.n)]));
}

/** The newest message id (0 none): where a poller starts. */
export async function lastMessageId(db: Executor): Promise<number> {
  const r = await db
    .selectFrom('ticket_messages')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(r?.id ?? 0);
}

function owned(db: Executor) {
  return db
    .selectFrom('ticket_messages as m')
    .innerJoin('tickets as t', 't.id', 'm.ticket_id')
    .selectAll('m')
    .select(['t.owner_user_id', 't.owner_custom_num']);
}

/** Every conversation's messages after an id, oldest first: one query per poll, for all streams of the process. */
export function messagesAfter(db: Executor, afterId: number, limit: number): Promise<OwnedMessageRow[]> {
  return owned(db).where('m.id', '>', afterId).orderBy('m.id').limit(limit).execute();
}

/** One owner's messages after an id (all their conversations): a stream's backlog on (re)connect. */
export function ownerMessagesAfter(db: Executor, owner: { userId: number; customNum: string }, afterId: number, limit: number) {
  return owned(db)
    .where('t.owner_user_id', '=', owner.userId)
    .where('t.owner_custom_num', '=', owner.customNum)
    .where('t.category', '=', 'chat')
    .where('m.id', '>', afterId)
    .orderBy('m.id')
    .limit(limit)
    .execute();
}

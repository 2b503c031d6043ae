// SQL of the tickets module: the ONE writer of `tickets` and `ticket_events` (the operator console
// will answer tickets through this file too).
import type { Insertable, Selectable } from 'kysely';
import type { Executor } from '../../db/executor';
import type { TicketsTable } from '../../db/schema';
import type { UploadOwner } from '../upload';

export type TicketRow = Selectable<TicketsTable>;

/** The ticket and its first step, in the caller's transaction. */
export async function insertTicket(db: Executor, row: Insertable<TicketsTable>): Promise<number> {
  const { id } = await db.insertInto('tickets').values(row).returning('id').executeTakeFirstOrThrow();
  await db
    .insertInto('ticket_events')
    .values({ ticket_id: id, status: 'submitted', content: '', author: '', created_at: row.created_at })
    .execute();
  return id;
}

/** A step of the timeline (the console's reply, say), moving the ticket to that status. */
export async function addTicketEvent(
  db: Executor,
  ticketId: number,
  e: { status: string; content: string; author: string; at: string },
): Promise<number> {
  const { id } = await db
    .insertInto('ticket_events')
    .values({ ticket_id: ticketId, status: e.status, content: e.content, author: e.author, created_at: e.at })
    .returning('id')
    .executeTakeFirstOrThrow();
  await db.updateTable('tickets').set({ status: e.status, updated_at: e.at }).where('id', '=', ticketId).execute();
  return id;
}

/** The holder's complaints and suggestions (/suggest): their 在线咨询 conversations are not listed there. */
export function ticketsOf(db: Executor, owner: UploadOwner, limit: number): Promise<TicketRow[]> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('owner_user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum)
    .where('category', '<>', 'chat')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

export function ticketByNo(db: Executor, ticketNo: string): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('ticket_no', '=', ticketNo).executeTakeFirst();
}

export function eventsOf(db: Executor, ticketId: number) {
  return db
    .selectFrom('ticket_events')
    .select(['status', 'content', 'created_at'])
    .where('ticket_id', '=', ticketId)
    .orderBy('id')
    .execute();
}

/** Whether an order is one of the card's (read only: orders belong to commerce). */
export async function isOrderOfCard(db: Executor, orderNo: string, cardId: number): Promise<boolean> {
  const row = await db.selectFrom('orders').select('id').where('order_no', '=', orderNo).where('card_id', '=', cardId).executeTakeFirst();
  return !!row;
}

/**
 * The owner closes the ticket: one conditional UPDATE (… WHERE status <> 'closed'), then the step
 * on the timeline; false when it was closed already (by the operator, or a second tap).
 */
export async function closeTicket(db: Executor, ticketId: number, at: string): Promise<boolean> {
  const r = await db
    .updateTable('tickets')
    .set({ status: 'closed', updated_at: at })
    .where('id', '=', ticketId)
    .where('status', '<>', 'closed')
    .executeTakeFirst();
  if (Number(r.numUpdatedRows) !== 1) return false;
  await db
    .insertInto('ticket_events')
    .values({ ticket_id: ticketId, status: 'closed', content: '用户已关闭', author: 'user', created_at: at })
    .execute();
  return true;
}

// ---- 在线咨询 conversations: tickets of category `chat` (docs/decisions/0034) ----

/** The owner's latest conversation, open or closed. */
export function latestChatOf(db: Executor, owner: UploadOwner): Promise<TicketRow | undefined> {
  return db
    .selectFrom('tickets')
    .selectAll()
    .where('owner_user_id', '=', owner.userId)
    .where('owner_custom_num', '=', owner.customNum)
    .where('category', '=', 'chat')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/**
 * A new open conversation, or none when the owner has one already (the partial unique index
 * tickets_one_open_chat: two first messages at once open one). The caller reads it back either way.
 */
export async function insertChatTicket(db: Executor, row: Insertable<TicketsTable>): Promise<void> {
  await db
    .insertInto('tickets')
    .values(row)
    // no conflict target: SQLite matches a partial index only by its literal WHERE, and the
    // ticket number is random and unique anyway
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** A message moved the conversation: its status and when. */
export async function touchChatTicket(db: Executor, ticketId: number, status: string, at: string): Promise<void> {
  await db.updateTable('tickets').set({ status, updated_at: at }).where('id', '=', ticketId).execute();
}

export function ticketById(db: Executor, id: number): Promise<TicketRow | undefined> {
  return db.selectFrom('tickets').selectAll().where('id', '=', id).executeTakeFirst();
}

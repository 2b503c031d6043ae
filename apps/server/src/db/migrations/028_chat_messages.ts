import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../connect';

// 在线咨询 on the ticket system (docs/decisions/0034-built-in-chat-on-tickets.md):
//   ticket_messages   the thread of a `chat` ticket: the holder's messages and support's replies,
//                     text or one image (an upload id). client_id is the sender's id of the message:
//                     (ticket, sender, client_id) is unique, so a double tap stores one message.
//                     read_at: when the other side saw it ('' unread). The id increases across all
//                     conversations: it is the SSE event id and what every process polls after.
//   tickets_one_open_chat  a holder has at most one open conversation: two first messages at once
//                     (two tabs, a double tap) cannot open two.
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  await db.schema
    .createTable('ticket_messages')
    .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
      dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
    )
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    .addColumn('sender', 'text', (c) => c.notNull())
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('body', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image_id', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('ticket_messages_client')
    .on('ticket_messages')
    .columns(['ticket_id', 'sender', 'client_id'])
    .unique()
    .execute();
  await db.schema.createIndex('ticket_messages_thread').on('ticket_messages').columns(['ticket_id', 'id']).execute();
  await sql`create unique index tickets_one_open_chat on tickets (owner_user_id, owner_custom_num) where category = 'chat' and status <> 'closed'`.execute(
    db,
  );
}

import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// The holder's account pages (docs/decisions/0044-holder-account.md):
//   holder_messages   the message centre: what the portal told a holder — an alert's notice when the
//                     alerts job records it, support's reply to a ticket when the console writes it —
//                     kept per owner (a user, or a card-number login's card: user_id 0 and its card
//                     number), read or not. Written when the event happens by modules/messages alone;
//                     the unique (owner, source, source_id) lets an event land once.
//   agents.ios_url    the agent's iPhone app link beside app_url (Android), for /download
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const t = s.createTable('holder_messages');
  await (
    dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('user_id', 'integer', (c) => c.notNull())
    /** '' for a user's message; the card number for a card-number login's (user_id 0) */
    .addColumn('owner_custom_num', 'text', (c) => c.notNull())
    /** alert | ticket */
    .addColumn('kind', 'text', (c) => c.notNull())
    /** what it came from: notice:<card_notices id>, ticket_event:<ticket_events id> */
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    /** the card it is about, '' none */
    .addColumn('custom_num', 'text', (c) => c.notNull())
    /** the portal path it opens, '' none */
    .addColumn('link', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('read_at', 'text')
    .addUniqueConstraint('holder_messages_once', ['user_id', 'owner_custom_num', 'source'])
    .execute();
  await s.createIndex('holder_messages_owner').on('holder_messages').columns(['user_id', 'owner_custom_num', 'id']).execute();

  await s
    .alterTable('agents')
    .addColumn('ios_url', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

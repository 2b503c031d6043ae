import type { Kysely } from 'kysely';
import type { DialectName } from '../connect';

// Complaints and suggestions as tickets, and agent applications (spec §2: /suggest).
//   tickets             what the user filed: owner (a user, or for a card-number login its card, as
//                       uploads), the card and optional order, the images (upload ids, JSON), the
//                       card's latest diagnosis for a connectivity complaint (JSON, '' none), status;
//   ticket_events       the timeline (submitted → in_progress → replied → closed) with the
//                       operator's replies: the operator console writes here later;
//   agent_applications  who applied to become an agent. `open_mobile` is the mobile while the
//                       application is open (submitted, in review, approved) and NULL once rejected:
//                       its unique index is "one open application per mobile", race-free on both
//                       databases (NULLs never collide).
export async function up(db: Kysely<any>, dialect: DialectName): Promise<void> {
  const s = db.schema;
  const withId = (name: string) => {
    const t = s.createTable(name);
    return dialect === 'postgres'
      ? t.addColumn('id', 'serial', (c) => c.primaryKey())
      : t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  };

  await withId('tickets')
    .addColumn('ticket_no', 'text', (c) => c.notNull().unique())
    .addColumn('owner_user_id', 'integer', (c) => c.notNull())
    .addColumn('owner_custom_num', 'text', (c) => c.notNull())
    .addColumn('card_id', 'integer', (c) => c.notNull().references('cards.id'))
    .addColumn('custom_num', 'text', (c) => c.notNull())
    .addColumn('order_no', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    /** JSON array of upload ids */
    .addColumn('images', 'text', (c) => c.notNull())
    .addColumn('contact', 'text', (c) => c.notNull())
    /** JSON {overall, headline, at} or '' */
    .addColumn('diagnosis', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('tickets_owner').on('tickets').columns(['owner_user_id', 'owner_custom_num', 'id']).execute();

  await withId('ticket_events')
    .addColumn('ticket_id', 'integer', (c) => c.notNull().references('tickets.id'))
    /** the status this step moved the ticket to */
    .addColumn('status', 'text', (c) => c.notNull())
    /** the reply (status replied) or a note; '' none */
    .addColumn('content', 'text', (c) => c.notNull().defaultTo(''))
    /** who wrote it: '' the user, else the operator's name (never shown) */
    .addColumn('author', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('ticket_events_ticket').on('ticket_events').columns(['ticket_id', 'id']).execute();

  await withId('agent_applications')
    .addColumn('application_no', 'text', (c) => c.notNull().unique())
    /** a random key the applicant's browser keeps to see the state without a login */
    .addColumn('access_key', 'text', (c) => c.notNull().unique())
    .addColumn('agent_id', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('open_mobile', 'text', (c) => c.unique())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('notes', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reject_reason', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await s.createIndex('agent_applications_mobile').on('agent_applications').columns(['mobile', 'id']).execute();
}

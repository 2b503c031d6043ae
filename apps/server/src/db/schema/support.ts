// Tickets, their timelines and conversations, and the browsers' error reports.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

/** A complaint or suggestion (013). */
export interface TicketsTable {
  id: Generated<number>;
  ticket_no: string;
  owner_user_id: number;
  owner_custom_num: string;
  card_id: number;
  custom_num: string;
  order_no: string;
  category: string;
  description: string;
  images: string;
  contact: string;
  diagnosis: string;
  status: string;
  created_at: string;
  updated_at: string;
}

/** A step of a ticket's timeline, with the operator's reply (013). */
export interface TicketEventsTable {
  id: Generated<number>;
  ticket_id: number;
  status: string;
  content: string;
  author: string;
  created_at: string;
}

/** A message of a 在线咨询 conversation (a `chat` ticket), the holder's or support's (028). */
export interface TicketMessagesTable {
  id: Generated<number>;
  ticket_id: number;
  sender: string;
  author: string;
  body: string;
  image_id: string;
  client_id: string;
  /** '' unread (default) */
  read_at: Generated<string>;
  created_at: string;
}

/** A group of errors reported by phones: one fingerprint in one release (030). */
export interface ErrorReportsTable {
  id: Generated<number>;
  fingerprint: string;
  release: string;
  /** error | chunk | api */
  kind: string;
  message: string;
  count: number;
  /** up to a few route templates, '\n'-separated */
  routes: Generated<string>;
  sample_user_agent: Generated<string>;
  first_seen_at: string;
  last_seen_at: string;
  /** who created the group: a keyed hash of the client address, '' before 042 (docs/decisions/0057) */
  source: Generated<string>;
}

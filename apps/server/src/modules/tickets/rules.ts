// Pure rules of tickets (table-tested in rules.test.ts): the number, the timeline as the user sees
// it, the list's excerpt.
import { TICKET_STATUS_LABEL, TICKET_STATUSES, type TicketCategory, type TicketEvent, type TicketStatus } from '@portal/contract';

/** T + yymmdd (China time) + 8 random digits: readable on the phone, not a running count. */
export function ticketNoOf(now: Date, random8: number): string {
  const china = new Date(now.getTime() + 8 * 3600_000);
  const yymmdd = china.toISOString().slice(2, 10).replaceAll('-', '');
  return `T${yymmdd}${String(random8).padStart(8, '0')}`;
}

export const isTicketStatus = (s: string): s is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(s);

/** Only a connectivity complaint carries the card's latest diagnosis. */
export const wantsDiagnosis = (category: TicketCategory) => category === 'connectivity';

/** The stored steps in order; unknown statuses (a later console's) are left out, not shown raw. */
export function timelineOf(events: { status: string; content: string; created_at: string }[]): TicketEvent[] {
  return events.flatMap((e) =>
    isTicketStatus(e.status) ? [{ status: e.status, label: TICKET_STATUS_LABEL[e.status], content: e.content, at: e.created_at }] : [],
  );
}

/** The description's start for the list: one line, at most 40 characters. */
export function excerptOf(description: string): string {
  const line = description.replace(/\s+/g, ' ').trim();
  const chars = [...line];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : line;
}

/** The owner may close a ticket that is still open; a closed ticket stays closed (a new problem is a new ticket). */
export const closableByOwner = (status: string) => status !== 'closed';

// A ticket's states and categories as the queue shows them: the contract's words, the console's colours.
import { TICKET_CATEGORY_LABEL, TICKET_STATUS_LABEL, type TicketStatus } from '@portal/contract/patterns/tickets';
import { labelled } from '../../../lib/labels';

export const TICKET_STATES = labelled<TicketStatus>(TICKET_STATUS_LABEL, {
  submitted: 'gold',
  in_progress: 'blue',
  replied: 'green',
  closed: 'default',
});

export const TICKET_CATEGORY_OPTIONS = Object.entries(TICKET_CATEGORY_LABEL).map(([value, label]) => ({ value, label }));

import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type TicketRow = AdminAnswerOf<'adminTicketList'>['items'][number];
export type TicketFilter = Omit<AdminInputOf<'adminTicketList'>, 'limit' | 'after_id'>;
const PAGE = 50;

/** The tickets of a filter: ListPage's key and pages. */
export const ticketsList = (filter: TicketFilter) => ({
  queryKey: queryKeys.tickets.list(filter),
  fetchPage: (after: number | undefined) => call(admin.adminTicketList, { ...filter, limit: PAGE, ...(after ? { after_id: after } : {}) }),
});

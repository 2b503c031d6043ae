import { useQuery } from '@tanstack/react-query';
import { pathOf } from '@portal/contract/route';
import { API_BASE, call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export const ticketQuery = (id: number) => ({
  queryKey: queryKeys.tickets.detail(id),
  queryFn: () => call(admin.adminTicketDetail, { id }),
});

export const useTicket = (id: number) => useQuery(ticketQuery(id));

/** The n-th image of a ticket, served with the ticket's own scope check. */
export const ticketImageUrl = (id: number, n: number) => API_BASE + pathOf(admin.adminTicketImage, { id, n });

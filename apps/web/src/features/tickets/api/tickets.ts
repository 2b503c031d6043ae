import type { Ticket, TicketCreateRequest } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/tickets';
import { call } from '../../../lib/api';

export const ticketsKey = ['tickets'] as const;

export function useTickets(enabled: boolean) {
  return useQuery({ queryKey: [...ticketsKey, 'list'], queryFn: ({ signal }) => call(api.ticketList, undefined, { signal }), enabled });
}

export function useTicket(ticketNo: string | undefined) {
  return useQuery({
    queryKey: [...ticketsKey, 'detail', ticketNo],
    queryFn: ({ signal }) => call(api.ticketDetail, { ticket_no: ticketNo! }, { signal }),
    enabled: Boolean(ticketNo),
  });
}

export function createTicket(body: TicketCreateRequest): Promise<Ticket> {
  return call(api.ticketCreate, body, { form: true });
}

/** The owner closes their own ticket (no reopening). */
export function closeTicket(ticketNo: string): Promise<Ticket> {
  return call(api.ticketClose, { ticket_no: ticketNo });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TicketStatus } from '@portal/contract/patterns/tickets';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export interface ReplyFields {
  status: TicketStatus;
  content?: string;
}

/** 回复 / 处理: the drawer shows the answer at once, the queue is asked again. */
export function useReplyTicket(id: number, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: ReplyFields) => call(admin.adminTicketReply, { id, status: v.status, content: v.content?.trim() ?? '' }),
    onSuccess: (d) => {
      qc.setQueryData(queryKeys.tickets.detail(id), d);
      void qc.invalidateQueries({ queryKey: queryKeys.tickets.all });
      onDone();
    },
  });
}

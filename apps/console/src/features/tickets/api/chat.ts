// A 在线咨询 conversation in the console (docs/decisions/0034): its messages, read again every few
// seconds while the drawer is open (the holder's side is live over server-sent events; an operator's
// desk polls, which needs no stream per open drawer), the read mark, and the reply.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type ChatView = AdminAnswerOf<'adminChatThread'>;
export type ChatLine = ChatView['messages'][number];

/** How often an open conversation is read again. */
export const CHAT_REFRESH_MS = 3_000;

export function useChat(id: number) {
  return useQuery({
    queryKey: queryKeys.tickets.chat(id),
    queryFn: () => call(admin.adminChatThread, { id }),
    refetchInterval: CHAT_REFRESH_MS,
    refetchIntervalInBackground: false,
  });
}

export function markChatRead(id: number): Promise<ChatView> {
  return call(admin.adminChatRead, { id });
}

export function useChatReply(id: number, onDone: () => void) {
  const qc = useQueryClient();
  return useMutation({
    // clientId: the reply's own id — the same reply sent twice (a double click, a retry) is stored once
    mutationFn: (v: { text: string; clientId: string }) => call(admin.adminChatReply, { id, client_id: v.clientId, text: v.text.trim() }),
    onSuccess: (m) => {
      qc.setQueryData<ChatView>(queryKeys.tickets.chat(id), (t) =>
        t ? { ...t, messages: [...t.messages.filter((x) => x.id !== m.id), m].sort((a, b) => a.id - b.id) } : t,
      );
      void qc.invalidateQueries({ queryKey: queryKeys.tickets.all });
      void qc.invalidateQueries({ queryKey: queryKeys.tickets.detail(id) });
      onDone();
    },
  });
}

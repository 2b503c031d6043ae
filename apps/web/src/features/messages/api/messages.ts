// The message centre (docs/decisions/0044-holder-account.md): the holder's messages page by page,
// the unread count 我的 shows, and marking read.
import type { MessagesAnswer } from '@portal/contract';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/messages';
import { call } from '../../../lib/api';

export const messageKeys = {
  all: ['messages'] as const,
  list: () => ['messages', 'list'] as const,
  unread: () => ['messages', 'unread'] as const,
};

export function useMessages() {
  return useInfiniteQuery({
    queryKey: messageKeys.list(),
    queryFn: ({ signal, pageParam }): Promise<MessagesAnswer> => call(api.messages, pageParam ? { before: pageParam } : {}, { signal }),
    initialPageParam: 0,
    getNextPageParam: (last) => (last.more ? last.list[last.list.length - 1]?.id : undefined),
    // a new alert or reply shows when the page is opened again
    staleTime: 0,
  });
}

/** The count beside 消息中心 on 我的: re-read whenever 我的 is shown again. */
export function useUnreadMessages(enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => call(api.messagesUnread, undefined, { signal }),
    enabled,
    staleTime: 0,
  });
}

export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (which: { id: number } | { all: true }) => call(api.messageRead, which),
    onSuccess: (answer) => {
      qc.setQueryData(messageKeys.unread(), answer);
      void qc.invalidateQueries({ queryKey: messageKeys.list() });
    },
  });
}

import type { CardNoticesAnswer } from '@portal/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/alerts';
import { call } from '../../../lib/api';

export const noticesKey = (customNum: string) => ['alerts', 'notices', customNum] as const;

/** The card's open notices; silent: home shows them when they load, and nothing when they do not. */
export function useCardNotices(customNum: string | undefined) {
  return useQuery({
    queryKey: noticesKey(customNum ?? ''),
    queryFn: ({ signal }) => call(api.cardNotices, { custom_num: customNum! }, { signal, silent: true }),
    enabled: Boolean(customNum),
  });
}

export function useDismissNotice(customNum: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => call(api.cardNoticeDismiss, { custom_num: customNum, id }),
    // gone from the list at once; the server agrees
    onMutate: (id: number) =>
      qc.setQueryData<CardNoticesAnswer>(noticesKey(customNum), (old) => (old ? { list: old.list.filter((n) => n.id !== id) } : old)),
    onSettled: () => qc.invalidateQueries({ queryKey: noticesKey(customNum) }),
  });
}

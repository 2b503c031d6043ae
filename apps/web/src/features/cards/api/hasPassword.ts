import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/cardPassword';
import { call } from '../../../lib/api';
import type { AnswerOf } from '@portal/contract/endpoints';

export const hasPasswordKey = (customNum: string) => ['card', 'has_password', customNum] as const;

export function fetchHasPassword(customNum: string, signal?: AbortSignal): Promise<AnswerOf<'hasPassword'>> {
  return call(api.hasPassword, { custom_num: customNum }, { signal, silent: true });
}

export function useHasPassword(customNum: string | undefined, enabled = true) {
  return useQuery({
    queryKey: hasPasswordKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchHasPassword(customNum!, signal),
    enabled: enabled && Boolean(customNum),
    staleTime: 5 * 60_000,
  });
}

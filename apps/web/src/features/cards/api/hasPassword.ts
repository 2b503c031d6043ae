import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { HasPasswordAnswer } from '../../../lib/contractTypes';

export const hasPasswordKey = (customNum: string) => ['card', 'has_password', customNum] as const;

export function fetchHasPassword(customNum: string, signal?: AbortSignal): Promise<HasPasswordAnswer> {
  return api.get<HasPasswordAnswer>('/v1/card/has_password', { custom_num: customNum }, { signal, silent: true });
}

export function useHasPassword(customNum: string | undefined, enabled = true) {
  return useQuery({
    queryKey: hasPasswordKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchHasPassword(customNum!, signal),
    enabled: enabled && Boolean(customNum),
    staleTime: 5 * 60_000,
  });
}

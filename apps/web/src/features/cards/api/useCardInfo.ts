import { useQuery } from '@tanstack/react-query';
import { cardInfoKey, fetchCardInfo } from './cardInfo';

/** Card info, refreshed when the page becomes visible again (docs/spec/portal-spec.md §2). */
export function useCardInfo(customNum: string | undefined) {
  return useQuery({
    queryKey: cardInfoKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchCardInfo(customNum!, signal),
    enabled: Boolean(customNum),
    refetchOnWindowFocus: true,
  });
}

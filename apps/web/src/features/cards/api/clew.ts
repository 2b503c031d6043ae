import type { ClewAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/cards';
import { call } from '../../../lib/api';

export const clewKey = (customNum: string) => ['card', 'clew', customNum] as const;

/** A short hint about the card; silent, because the hint is optional decoration. */
export function fetchClew(customNum: string, signal?: AbortSignal): Promise<ClewAnswer> {
  return call(api.clew, { custom_num: customNum }, { signal, silent: true });
}

export function useClew(customNum: string | undefined) {
  return useQuery({
    queryKey: clewKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchClew(customNum!, signal),
    enabled: Boolean(customNum),
  });
}

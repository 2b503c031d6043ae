import type { SessionInfo } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

export const sessionKey = ['session'] as const;

export function fetchSession(signal?: AbortSignal): Promise<SessionInfo> {
  return call(api.session, undefined, { signal });
}

export function useSession(enabled: boolean) {
  return useQuery({ queryKey: sessionKey, queryFn: ({ signal }) => fetchSession(signal), enabled, staleTime: 5 * 60_000 });
}

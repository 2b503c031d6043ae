// Fetcher and key only: /login calls this right after logging in, and must not pull TanStack
// Query into its first load. The hook is in useBindList.ts.
import type { BoundCard } from '@portal/contract';
import * as api from '@portal/contract/routes/cards';
import { call } from '../../../lib/api';

export const bindListKey = ['card', 'bind_list'] as const;

export async function fetchBindList(signal?: AbortSignal): Promise<BoundCard[]> {
  return (await call(api.bindList, undefined, { signal })).list;
}

import type { FlowAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/usage';
import { call } from '../../../lib/api';

export const flowKey = (customNum: string) => ['usage', 'flow', customNum] as const;

export function fetchFlow(customNum: string, signal?: AbortSignal): Promise<FlowAnswer> {
  return call(api.flow, { custom_num: customNum }, { signal });
}

export function useFlow(customNum: string | undefined) {
  return useQuery({
    queryKey: flowKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchFlow(customNum!, signal),
    enabled: Boolean(customNum),
  });
}

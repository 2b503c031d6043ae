import type { FlowAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const flowKey = (customNum: string) => ['usage', 'flow', customNum] as const;

export function fetchFlow(customNum: string, signal?: AbortSignal): Promise<FlowAnswer> {
  return api.get<FlowAnswer>('/v2/card/flow', { custom_num: customNum }, { signal });
}

export function useFlow(customNum: string | undefined) {
  return useQuery({ queryKey: flowKey(customNum ?? ''), queryFn: ({ signal }) => fetchFlow(customNum!, signal), enabled: Boolean(customNum) });
}

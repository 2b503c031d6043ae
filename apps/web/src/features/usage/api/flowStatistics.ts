import type { FlowStatisticsAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/usage';
import { call } from '../../../lib/api';

export const flowStatisticsKey = (customNum: string) => ['usage', 'statistics', customNum] as const;

export function fetchFlowStatistics(customNum: string, signal?: AbortSignal): Promise<FlowStatisticsAnswer> {
  return call(api.flowStatistics, { custom_num: customNum }, { signal });
}

export function useFlowStatistics(customNum: string | undefined) {
  return useQuery({
    queryKey: flowStatisticsKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchFlowStatistics(customNum!, signal),
    enabled: Boolean(customNum),
  });
}

import type { DailyFlowAnswer } from '@portal/contract';
import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/usage';
import { call } from '../../../lib/api';

export const DAILY_DAYS = 30;
export const dailyFlowKey = (customNum: string, days: number) => ['usage', 'daily', customNum, days] as const;

export function fetchDailyFlow(customNum: string, days: number, signal?: AbortSignal): Promise<DailyFlowAnswer> {
  return call(api.dailyFlow, { custom_num: customNum, days }, { signal });
}

export function useDailyFlow(customNum: string | undefined, days: number = DAILY_DAYS) {
  return useQuery({
    queryKey: dailyFlowKey(customNum ?? '', days),
    queryFn: ({ signal }) => fetchDailyFlow(customNum!, days, signal),
    enabled: Boolean(customNum),
  });
}

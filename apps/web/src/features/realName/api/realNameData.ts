import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import type { RealNameData } from './types';

export const realNameDataKey = (customNum: string) => ['realName', 'data', customNum] as const;

export function fetchRealNameData(customNum: string, signal?: AbortSignal): Promise<RealNameData> {
  return api.get<RealNameData>('/v1/user/real_name_recharge', { custom_num: customNum }, { signal });
}

/** The card's real-name data: carrier, mode, the carrier page, verified, personal information. */
export function useRealNameData(customNum: string | undefined) {
  return useQuery({ queryKey: realNameDataKey(customNum ?? ''), queryFn: ({ signal }) => fetchRealNameData(customNum!, signal), enabled: Boolean(customNum) });
}

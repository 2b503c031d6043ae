import { useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/realName';
import { call } from '../../../lib/api';
import type { RealNameData } from '@portal/contract';

export const realNameDataKey = (customNum: string) => ['realName', 'data', customNum] as const;

export function fetchRealNameData(customNum: string, signal?: AbortSignal): Promise<RealNameData> {
  return call(api.realNameDataV1, { custom_num: customNum }, { signal });
}

/** The card's real-name data: carrier, mode, the carrier page, verified, personal information. */
export function useRealNameData(customNum: string | undefined) {
  return useQuery({
    queryKey: realNameDataKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchRealNameData(customNum!, signal),
    enabled: Boolean(customNum),
  });
}

import type { SeriesAnswer } from '@portal/contract';
import type { InputOf } from '@portal/contract/endpoints';
import { useMutation, useQuery } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/realName';
import { call } from '../../../lib/api';

export const seriesKey = (customNum: string) => ['series', customNum] as const;

export function fetchSeries(customNum: string, signal?: AbortSignal): Promise<SeriesAnswer> {
  return call(api.packageSeries, { custom_num: customNum }, { signal });
}

/** The package series of the card (several for a multi-series card). */
export function useSeries(customNum: string | undefined) {
  return useQuery({
    queryKey: seriesKey(customNum ?? ''),
    queryFn: ({ signal }) => fetchSeries(customNum!, signal),
    enabled: Boolean(customNum),
  });
}

/** Keeps one series for the card; it is no longer multi-series. */
export function useSelectSeries() {
  return useMutation({
    mutationFn: (body: InputOf<'selectSeries'>) => call(api.selectSeries, body),
  });
}

import type { SeriesAnswer } from '@portal/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const seriesKey = (customNum: string) => ['series', customNum] as const;

export function fetchSeries(customNum: string, signal?: AbortSignal): Promise<SeriesAnswer> {
  return api.get<SeriesAnswer>('/v1/package/series', { custom_num: customNum }, { signal });
}

/** The package series of the card (several for a multi-series card). */
export function useSeries(customNum: string | undefined) {
  return useQuery({ queryKey: seriesKey(customNum ?? ''), queryFn: ({ signal }) => fetchSeries(customNum!, signal), enabled: Boolean(customNum) });
}

/** Keeps one series for the card; it is no longer multi-series. */
export function useSelectSeries() {
  return useMutation({
    mutationFn: (body: { custom_num: string; series_id: number }) => api.post<{ series_id: number }>('/v1/card/select_series', body),
  });
}

import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { useCatalogueSave } from './useCatalogueSave';
import * as admin from '@portal/contract/routes/admin';

export interface SeriesFields {
  agent_id: number;
  name: string;
  description?: string;
  sort?: number;
  reason: string;
}

export const saveSeries = (id: number | undefined, v: SeriesFields) =>
  call(admin.adminSeriesSave, { ...v, ...(id ? { id } : {}), description: v.description ?? '', sort: v.sort ?? 0 });

export const useSaveSeries = (id: number | undefined, done: () => void) =>
  useCatalogueSave((v: SeriesFields) => saveSeries(id, v), [queryKeys.series.all], done);

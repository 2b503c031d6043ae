import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Series = AdminAnswerOf<'adminSeriesList'>['items'][number];

/** 套餐系列: one unpaged list. */
export const seriesList = () => ({ queryKey: queryKeys.series.all, fetchPage: () => call(admin.adminSeriesList, {}) });

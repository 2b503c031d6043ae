import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { isDone } from '../model/jobs';
import * as admin from '@portal/contract/routes/admin';

export type BulkJob = AdminAnswerOf<'adminBulkJobCreate'>;

/** how often a job not done yet is asked again */
export const POLL_MS = 2000;

/** The jobs; asked again while one is not done (its progress). */
export const useBulkJobs = () =>
  useQuery({
    queryKey: queryKeys.bulkJobs.all,
    queryFn: () => call(admin.adminBulkJobList, {}),
    refetchInterval: (query) => (query.state.data?.items.some((j) => !isDone(j)) ? POLL_MS : false),
  });

import { useInfiniteQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { isDone } from '../model/jobs';
import { POLL_MS } from './getBulkJobs';
import * as admin from '@portal/contract/routes/admin';

export type Shown = 'all' | 'failed' | 'ok' | 'pending';

/** A job's counts per result and its cards a page (BULK_ITEMS_PAGE) at a time, of the result shown. */
export const useBulkJob = (id: number, shown: Shown) =>
  useInfiniteQuery({
    queryKey: queryKeys.bulkJobs.job(id, shown),
    queryFn: ({ pageParam }) =>
      call(admin.adminBulkJobDetail, { id, ...(shown === 'all' ? {} : { status: shown }), ...(pageParam ? { after_id: pageParam } : {}) }),
    initialPageParam: 0,
    getNextPageParam: (last) => last.next_after_id ?? undefined,
    // while the job runs, its progress (the counts and the pages loaded) is asked again
    refetchInterval: (query) => {
      const job = query.state.data?.pages[0]?.job;
      return job && !isDone(job) ? POLL_MS : false;
    },
  });

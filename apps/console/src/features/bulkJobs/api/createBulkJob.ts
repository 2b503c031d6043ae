import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { BulkKind } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { numbersOf } from '../model/jobs';
import type { BulkJob } from './getBulkJobs';
import * as admin from '@portal/contract/routes/admin';

export interface NewJobFields {
  kind: BulkKind;
  numbers: string;
  reason: string;
  series_id?: number;
  agent_id?: number;
  carrier_account_id?: number;
  /** checked once the server said some cards belong to another carrier than the account's */
  confirm_cross_carrier?: boolean;
}

/** The cards changed (or are about to): the jobs and the card lists are asked again. */
export function invalidateJobsAndCards(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.bulkJobs.all });
  void qc.invalidateQueries({ queryKey: queryKeys.cards.all });
}

export function useCreateBulkJob(onCreated: (job: BulkJob) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: NewJobFields) =>
      call(admin.adminBulkJobCreate, {
        kind: v.kind,
        custom_nums: numbersOf(v.numbers),
        reason: v.reason.trim(),
        ...(v.kind === 'set_series' ? { series_id: v.series_id } : {}),
        ...(v.kind === 'move_agent' ? { agent_id: v.agent_id } : {}),
        ...(v.kind === 'move_carrier_account'
          ? { carrier_account_id: v.carrier_account_id, ...(v.confirm_cross_carrier ? { confirm_cross_carrier: true } : {}) }
          : {}),
      }),
    onSuccess: (job) => {
      onCreated(job);
      invalidateJobsAndCards(qc);
    },
  });
}

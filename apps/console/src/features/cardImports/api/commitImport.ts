import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { PickedFile } from '../model/pickedFile';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { invalidateBatches } from './invalidateBatches';
import * as admin from '@portal/contract/routes/admin';

/** A committed batch with each new card's generated card password (shown once). */
export type CommittedBatch = AdminAnswerOf<'adminCardImportCommit'>;

/** 确认导入: the tried file as one batch, with its note, into the agent chosen in 导入到 (if any). */
export function useCommitImport(
  picked: PickedFile | null,
  owner: number | undefined,
  crossCarrier: boolean,
  onSuccess: (b: CommittedBatch) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) =>
      call(admin.adminCardImportCommit, {
        ...picked!,
        ...(owner ? { agent_id: owner } : {}),
        ...(crossCarrier ? { confirm_cross_carrier: true } : {}),
        reason,
      }),
    onSuccess: (b) => {
      onSuccess(b);
      invalidateBatches(qc);
    },
  });
}

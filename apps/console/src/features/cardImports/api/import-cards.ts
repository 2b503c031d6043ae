// 试导入, 确认导入 and 撤销: a batch written or removed changes the cards too, so both lists are asked again.
import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import type { PickedFile } from '../model/pickedFile';

export type DryRun = AdminAnswerOf<'adminCardImportDryRun'>;
type Batch = AdminAnswerOf<'adminCardImportCommit'>;

function invalidateBatches(qc: QueryClient) {
  void qc.invalidateQueries({ queryKey: queryKeys.cardImports.all });
  void qc.invalidateQueries({ queryKey: queryKeys.cards.all });
}

/** 试导入: every bad row with its reason; nothing written. */
export const useDryRun = (onSuccess: (r: DryRun) => void) =>
  useMutation({ mutationFn: (p: PickedFile) => call('adminCardImportDryRun', p), onSuccess });

export function useCommitImport(picked: PickedFile | null, onSuccess: (b: Batch) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('adminCardImportCommit', { ...picked!, reason }),
    onSuccess: (b) => {
      onSuccess(b);
      invalidateBatches(qc);
    },
  });
}

export function useUndoImport(onSuccess: (b: Batch) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { batch_id: number; reason: string }) => call('adminCardImportUndo', v),
    onSuccess: (b) => {
      onSuccess(b);
      invalidateBatches(qc);
    },
  });
}

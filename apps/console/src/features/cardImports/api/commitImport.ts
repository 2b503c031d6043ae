import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { PickedFile } from '../model/pickedFile';
import type { ImportBatch } from './getImportBatches';
import { invalidateBatches } from './invalidateBatches';

/** 确认导入: the tried file as one batch, with its note. */
export function useCommitImport(picked: PickedFile | null, onSuccess: (b: ImportBatch) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => call('adminCardImportCommit', { ...picked!, reason }),
    onSuccess: (b) => {
      onSuccess(b);
      invalidateBatches(qc);
    },
  });
}

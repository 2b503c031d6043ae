import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import type { ImportBatch } from './getImportBatches';
import { invalidateBatches } from './invalidateBatches';
import * as admin from '@portal/contract/routes/admin';

/** 撤销: a batch none of whose cards has been used, with a reason. */
export function useUndoImport(onSuccess: (b: ImportBatch) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: { batch_id: number; reason: string }) => call(admin.adminCardImportUndo, v),
    onSuccess: (b) => {
      onSuccess(b);
      invalidateBatches(qc);
    },
  });
}

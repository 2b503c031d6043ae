import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import { issueBody, type IssueFields } from '../model/issueForm';
import * as admin from '@portal/contract/routes/admin';

export function useIssueVouchers(requestId: string, onIssued: (d: AdminAnswerOf<'adminVoucherIssue'>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: IssueFields) => call(admin.adminVoucherIssue, issueBody(requestId, v)),
    onSuccess: (d) => {
      onIssued(d);
      void qc.invalidateQueries({ queryKey: queryKeys.voucherBatches.all });
    },
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Approval = AdminAnswerOf<'adminApprovalList'>['items'][number];
export type WriteLimits = AdminAnswerOf<'adminWriteLimits'>;

/** 待审批 or 已处理, newest first by keyset: ListPage's key and pages. */
export const approvalsList = (state: 'pending' | 'decided') => ({
  queryKey: queryKeys.approvals.list(state),
  fetchPage: (cursor: number | undefined) => call(admin.adminApprovalList, { state, limit: 50, ...(cursor ? { before_id: cursor } : {}) }),
});

export const useWriteLimits = () => useQuery({ queryKey: queryKeys.approvals.limits, queryFn: () => call(admin.adminWriteLimits) });

export type Decision = 'approve' | 'reject' | 'withdraw';

const DECISION_ENDPOINT = {
  approve: admin.adminApprovalApprove,
  reject: admin.adminApprovalReject,
  withdraw: admin.adminApprovalWithdraw,
} as const;

/** 通过 (the write is carried out now, once), 驳回, or the requester's own 撤回. */
export const decideApproval = (decision: Decision, id: number, reason: string) => call(DECISION_ENDPOINT[decision], { id, reason });

/** `done`: the answer — the limits saved, or (a looser limit) the request waiting for a second platform administrator. */
export function useSaveLimits(done: (answer: AdminAnswerOf<'adminWriteLimitsSave'>) => void) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (b: AdminInputOf<'adminWriteLimitsSave'>) => call(admin.adminWriteLimitsSave, b),
    onSuccess: (answer) => {
      void qc.invalidateQueries({ queryKey: queryKeys.approvals.limits });
      void qc.invalidateQueries({ queryKey: queryKeys.approvals.all });
      done(answer);
    },
  });
}

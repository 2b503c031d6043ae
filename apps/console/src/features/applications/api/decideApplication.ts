import type { QueryClient } from '@tanstack/react-query';
import type { NewSubAgent } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** 审核中: no reason asked. */
export const markInReview = (id: number) => call(admin.adminApplicationDecide, { id, decision: 'in_review', reason: '' });

/** 通过: the applicant becomes this sub-agent of the agent it applied through. */
export const approve = (id: number, agent: NewSubAgent) =>
  call(admin.adminApplicationDecide, { id, decision: 'approved', reason: '', agent });

/** 驳回: the applicant reads the reason on /agent. */
export const reject = (id: number, reason: string) => call(admin.adminApplicationDecide, { id, decision: 'rejected', reason });

export const invalidateApplications = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.applications.all });

import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** 审核中 or 通过: no reason asked. */
export const advance = (v: { id: number; decision: 'in_review' | 'approved' }) => call(admin.adminApplicationDecide, { ...v, reason: '' });

/** 驳回: the applicant reads the reason on /agent. */
export const reject = (id: number, reason: string) => call(admin.adminApplicationDecide, { id, decision: 'rejected', reason });

export const invalidateApplications = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.applications.all });

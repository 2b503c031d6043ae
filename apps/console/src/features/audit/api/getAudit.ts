import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type AuditEntry = AdminAnswerOf<'adminAuditList'>['items'][number];
export interface AuditFilter {
  operator?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  from?: string;
  to?: string;
}
const PAGE = 50;

/** The log of a filter, newest first by keyset: ListPage's key and pages. */
export const auditList = (filter: AuditFilter) => ({
  queryKey: queryKeys.audit.list(filter),
  fetchPage: (cursor: number | undefined) => call('adminAuditList', { ...filter, limit: PAGE, ...(cursor ? { before_id: cursor } : {}) }),
});

import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

type Answer = AdminAnswerOf<'adminAuditList'>;
/** A row of the log with the names its page refers to (the server resolves them per page). */
export type AuditEntry = Answer['items'][number] & { names: Answer['names'] };
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
  fetchPage: async (cursor: number | undefined) => {
    const page = await call(admin.adminAuditList, { ...filter, limit: PAGE, ...(cursor ? { before_id: cursor } : {}) });
    return { ...page, items: page.items.map((e) => ({ ...e, names: page.names })) };
  },
});

import type { AdminAnswerOf } from '@portal/contract/admin';
import type { AgentApplicationStatus } from '@portal/contract/patterns/agentApplications';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Application = AdminAnswerOf<'adminApplicationList'>['items'][number];
const PAGE = 50;

/** The queue of one state (undefined: all), oldest first: ListPage's key and pages. */
export const applicationsList = (status: AgentApplicationStatus | undefined) => ({
  queryKey: queryKeys.applications.list(status),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminApplicationList, { status, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

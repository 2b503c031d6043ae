import type { AdminAnswerOf, ReplacementStatus } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type Replacement = AdminAnswerOf<'adminReplacementList'>['items'][number];
const PAGE = 50;

/** The queue of one state (undefined: all), oldest first: ListPage's key and pages. */
export const replacementsList = (status: ReplacementStatus | undefined) => ({
  queryKey: queryKeys.replacements.list(status),
  fetchPage: (after: number | undefined) =>
    call(admin.adminReplacementList, { status, limit: PAGE, ...(after ? { after_id: after } : {}) }),
});

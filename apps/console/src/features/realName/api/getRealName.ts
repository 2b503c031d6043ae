import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type RealNameRow = AdminAnswerOf<'adminRealNameList'>['items'][number];
const PAGE = 50;

/** The masked real-name records (of one card, or all): ListPage's key and pages. */
export const realNameList = (card: string | undefined) => ({
  queryKey: queryKeys.realName.list(card),
  fetchPage: (cursor: number | undefined) => call(admin.adminRealNameList, { card, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

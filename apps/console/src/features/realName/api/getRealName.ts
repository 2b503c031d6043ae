import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type RealNameRow = AdminAnswerOf<'adminRealNameList'>['items'][number];
const PAGE = 50;

/** The masked real-name records (of one card, or all): ListPage's key and pages. */
export const realNameList = (card: string | undefined) => ({
  queryKey: queryKeys.realName.list(card),
  fetchPage: (cursor: number | undefined) => call('adminRealNameList', { card, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CardRow = AdminAnswerOf<'adminCardSearch'>['items'][number];
export type CardFilter = Omit<NonNullable<AdminInputOf<'adminCardSearch'>>, 'before_id' | 'limit'>;
const PAGE = 50;

/** The cards of a filter, newest first by keyset: ListPage's key and pages. */
export const cardsList = (filter: CardFilter) => ({
  queryKey: queryKeys.cards.search(filter),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminCardSearch, { ...filter, limit: PAGE, ...(cursor ? { before_id: cursor } : {}) }),
});

import type { AdminAnswerOf, AdminInputOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type OrderRow = AdminAnswerOf<'adminOrderList'>['items'][number];
export type OrderFilter = Omit<AdminInputOf<'adminOrderList'>, 'limit' | 'before_id'>;
const PAGE = 50;

/** The orders of a filter, newest first by keyset: ListPage's key and pages. */
export const ordersList = (filter: OrderFilter) => ({
  queryKey: queryKeys.orders.search(filter),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminOrderList, { ...filter, limit: PAGE, ...(cursor ? { before_id: cursor } : {}) }),
});

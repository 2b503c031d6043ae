import type { AdminAnswerOf } from '@portal/contract/admin';
import type { ShipState } from '@portal/contract/patterns/shop';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type ShopOrderRow = AdminAnswerOf<'adminShopOrderList'>['items'][number];
const PAGE = 50;

/** Paid device orders of one shipping state: ListPage's key and pages. */
export const shopOrdersList = (state: ShipState) => ({
  queryKey: queryKeys.shopOrders.list(state),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminShopOrderList, { ship_state: state, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

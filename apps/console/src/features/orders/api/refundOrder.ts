import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export const refundOrder = (orderNo: string, reason: string) => call(admin.adminOrderRefund, { order_no: orderNo, reason });

/** After a refund: the list and the order's drawer are asked again. */
export function invalidateRefunded(qc: QueryClient, orderNo: string) {
  void qc.invalidateQueries({ queryKey: queryKeys.orders.all });
  void qc.invalidateQueries({ queryKey: queryKeys.orders.detail(orderNo) });
}

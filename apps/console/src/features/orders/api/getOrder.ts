import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** One order with its payments, notifications and refunds (the drawer). */
export const useOrder = (orderNo: string) =>
  useQuery({ queryKey: queryKeys.orders.detail(orderNo), queryFn: () => call(admin.adminOrderDetail, { order_no: orderNo }) });

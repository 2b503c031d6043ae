import { useQuery } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

/** One order with its payments, notifications and refunds (the drawer). */
export const useOrder = (orderNo: string) =>
  useQuery({ queryKey: queryKeys.orders.detail(orderNo), queryFn: () => call('adminOrderDetail', { order_no: orderNo }) });

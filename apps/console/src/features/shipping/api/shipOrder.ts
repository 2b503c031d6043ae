import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export const shipOrder = (orderNo: string, v: { carrier: string; tracking_no: string }) =>
  call(admin.adminShopOrderShip, { order_no: orderNo, carrier: v.carrier.trim(), tracking_no: v.tracking_no.trim() });

export const invalidateShopOrders = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.shopOrders.all });

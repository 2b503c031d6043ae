import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** Part of an order's money back (yuan entered, fen sent); once per request id, however often it is confirmed. */
export const partialRefund = (orderNo: string, v: { amount: number; reason: string }, requestId: string) =>
  call(admin.adminOrderPartialRefund, {
    order_no: orderNo,
    amount_fen: Math.round(v.amount * 100),
    reason: v.reason,
    request_id: requestId,
  });

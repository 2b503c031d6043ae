import type { QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import type { InvoiceRequestStatus, RefundRequestStatus } from '@portal/contract/patterns/afterSales';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type RefundRequest = AdminAnswerOf<'adminRefundRequestList'>['items'][number];
export type InvoiceRequest = AdminAnswerOf<'adminInvoiceRequestList'>['items'][number];
const PAGE = 50;

/** The refund requests of one state (undefined: all), oldest first: ListPage's key and pages. */
export const refundRequestList = (status: RefundRequestStatus | undefined) => ({
  queryKey: queryKeys.afterSales.refunds(status),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminRefundRequestList, { status, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

export const invoiceRequestList = (status: InvoiceRequestStatus | undefined) => ({
  queryKey: queryKeys.afterSales.invoices(status),
  fetchPage: (cursor: number | undefined) =>
    call(admin.adminInvoiceRequestList, { status, limit: PAGE, ...(cursor ? { after_id: cursor } : {}) }),
});

/** 同意退款: a real refund of the whole order (the reason is kept as the refund's). */
export const approveRefund = (id: number, reason: string) => call(admin.adminRefundRequestApprove, { id, reason });
export const rejectRefund = (id: number, reason: string) => call(admin.adminRefundRequestReject, { id, reason });
export const issueInvoice = (id: number, invoiceNo: string) => call(admin.adminInvoiceRequestIssue, { id, invoice_no: invoiceNo });
export const rejectInvoice = (id: number, reason: string) => call(admin.adminInvoiceRequestReject, { id, reason });

/** A decision: the queues, and every order view (an approval refunds the order). */
export const invalidateAfterSales = (qc: QueryClient) =>
  Promise.all([
    qc.invalidateQueries({ queryKey: queryKeys.afterSales.all }),
    qc.invalidateQueries({ queryKey: queryKeys.orders.all }),
    qc.invalidateQueries({ queryKey: queryKeys.orders.anyDetail }),
  ]);

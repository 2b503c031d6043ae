// The console's after-sales queues (docs/decisions/0045-partial-refunds-and-requests.md): holders'
// refund requests — approve (a real refund through the refund service) or reject with a reason —
// and electronic invoice requests — mark issued with the invoice number, or reject with a reason.
// Each operator sees their agent's requests only; deciding needs refunds.manage / invoices.manage.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { INVOICE_REQUEST_STATUSES, REFUND_REQUEST_STATUSES } from '../patterns/afterSales';
import { adminArea } from './define';
import { AdminReason } from './orders';
import { PendingApproval } from './approvals';

const limit = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(200, '每页最多 200 条').default(50);
const afterId = z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional();
const Id = wholeNumber('编号有误', { min: 1 });

const OrderFacts = {
  order_no: z.string(),
  custom_num: z.string(),
  agent_id: z.number().int(),
  title: z.string(),
  goods_type: z.string(),
  payable_fen: z.number().int(),
  pay_channel: z.number().int(),
  order_state: z.string(),
  paid_at: z.string().nullable(),
};

export const AdminRefundRequestQuery = z.object({
  status: z.enum(REFUND_REQUEST_STATUSES, { error: '状态有误' }).optional(),
  after_id: afterId,
  limit,
});
export const AdminRefundRequestRow = z.object({
  id: z.number().int(),
  ...OrderFacts,
  status: z.enum(REFUND_REQUEST_STATUSES),
  reason: z.string(),
  answer: z.string(),
  refund_no: z.string().nullable(),
  operator_username: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export const AdminRefundRequestListAnswer = z.object({ items: z.array(AdminRefundRequestRow), next_after_id: z.number().int().nullable() });
export const AdminRefundRequestApproveBody = z.object({
  id: Id,
  /** kept as the refund's reason */
  reason: AdminReason,
});
export const AdminRefundRequestRejectBody = z.object({ id: Id, reason: AdminReason });

export const AdminInvoiceRequestQuery = z.object({
  status: z.enum(INVOICE_REQUEST_STATUSES, { error: '状态有误' }).optional(),
  after_id: afterId,
  limit,
});
export const AdminInvoiceRequestRow = z.object({
  id: z.number().int(),
  ...OrderFacts,
  status: z.enum(INVOICE_REQUEST_STATUSES),
  title_type: z.enum(['personal', 'company']),
  title: z.string(),
  tax_no: z.string(),
  email: z.string(),
  amount_fen: z.number().int(),
  invoice_no: z.string(),
  answer: z.string(),
  operator_username: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});
export const AdminInvoiceRequestListAnswer = z.object({
  items: z.array(AdminInvoiceRequestRow),
  next_after_id: z.number().int().nullable(),
});
export const AdminInvoiceIssueBody = z.object({
  id: Id,
  invoice_no: z
    .string({ error: '请填写发票号码' })
    .trim()
    .regex(/^\d{8,20}$/, '发票号码应为 8–20 位数字'),
});
export const AdminInvoiceRejectBody = z.object({ id: Id, reason: AdminReason });

export const adminAfterSalesEndpoints = adminArea({
  adminRefundRequestList: {
    route: 'GET /admin/refund-requests',
    access: 'orders.view',
    tags: ['admin after-sales'],
    summary: '持卡人的退款申请（按状态筛选，先到先处理）',
    query: AdminRefundRequestQuery,
    answer: AdminRefundRequestListAnswer,
  },
  adminRefundRequestApprove: {
    route: 'POST /admin/refund-requests/approve',
    access: 'refunds.manage',
    tags: ['admin after-sales'],
    summary: '同意退款申请：经退款服务全额退款并收回权益（须填写原因；超过单笔退款上限待另一人审批，申请仍为待处理）',
    body: AdminRefundRequestApproveBody,
    answer: z.union([AdminRefundRequestRow, PendingApproval]),
  },
  adminRefundRequestReject: {
    route: 'POST /admin/refund-requests/reject',
    access: 'refunds.manage',
    tags: ['admin after-sales'],
    summary: '驳回退款申请（须填写原因，持卡人可见）',
    body: AdminRefundRequestRejectBody,
    answer: AdminRefundRequestRow,
  },
  adminInvoiceRequestList: {
    route: 'GET /admin/invoice-requests',
    access: 'orders.view',
    tags: ['admin after-sales'],
    summary: '持卡人的电子发票申请（按状态筛选，先到先处理）',
    query: AdminInvoiceRequestQuery,
    answer: AdminInvoiceRequestListAnswer,
  },
  adminInvoiceRequestIssue: {
    route: 'POST /admin/invoice-requests/issue',
    access: 'invoices.manage',
    tags: ['admin after-sales'],
    summary: '登记已开票（发票号码）',
    body: AdminInvoiceIssueBody,
    answer: AdminInvoiceRequestRow,
  },
  adminInvoiceRequestReject: {
    route: 'POST /admin/invoice-requests/reject',
    access: 'invoices.manage',
    tags: ['admin after-sales'],
    summary: '驳回发票申请（须填写原因，持卡人可见，可重新申请）',
    body: AdminInvoiceRejectBody,
    answer: AdminInvoiceRequestRow,
  },
});

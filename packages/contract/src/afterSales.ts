// A holder's after-sales requests on an order (docs/decisions/0045-partial-refunds-and-requests.md):
// a refund request for an unused package within the agent's window, and an electronic invoice
// (发票) request. Both land in the console's queues; the holder sees their state and the answer.
import { z } from 'zod';
import { Yuan } from './schemas';
import { ORDER_NO } from './patterns/commerce';
import { INVOICE_REQUEST_STATUSES, REFUND_REQUEST_STATUSES } from './patterns/afterSales';

export * from './patterns/afterSales';

const OrderNo = z.string({ error: '订单号有误' }).regex(ORDER_NO.pattern, '订单号有误');

export const RefundRequestView = z.object({
  id: z.number().int(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  /** the holder's words */
  reason: z.string(),
  /** the operator's answer: why it was rejected */
  answer: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const InvoiceRequestView = z.object({
  id: z.number().int(),
  status: z.enum(INVOICE_REQUEST_STATUSES),
  title_type: z.enum(['personal', 'company']),
  title: z.string(),
  tax_no: z.string(),
  email: z.string(),
  amount: Yuan,
  invoice_no: z.string(),
  answer: z.string(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
});

export const AfterSales = z.object({
  order_no: z.string(),
  refund: z.object({
    /** a request may be made now */
    can_request: z.boolean(),
    /** why not, in words the holder reads (null when it can) */
    why: z.string().nullable(),
    /** the last moment a request is accepted (null when it cannot be made) */
    until: z.string().nullable(),
    /** the latest request of this order */
    request: RefundRequestView.nullable(),
  }),
  invoice: z.object({
    can_request: z.boolean(),
    why: z.string().nullable(),
    /** what the invoice would be for */
    amount: Yuan.nullable(),
    request: InvoiceRequestView.nullable(),
  }),
});
export type AfterSales = z.infer<typeof AfterSales>;

export const AfterSalesQuery = z.object({ order_no: OrderNo });
export const RefundRequestBody = z.object({
  order_no: OrderNo,
  reason: z.string({ error: '说明有误' }).trim().max(200, '说明最多 200 个字').default(''),
});
/** Checked by @portal/domain invoiceFormProblems on the server, field by field, in Chinese. */
export const InvoiceRequestBody = z.object({
  order_no: OrderNo,
  title_type: z.enum(['personal', 'company'], { error: '请选择抬头类型' }),
  title: z.string({ error: '请填写发票抬头' }).max(200, '抬头最多 100 个字'),
  tax_no: z.string({ error: '纳税人识别号有误' }).max(40, '纳税人识别号应为 15、18 或 20 位').default(''),
  email: z.string({ error: '请填写接收发票的邮箱' }).max(200, '邮箱格式不正确'),
});

// 订单: search orders, an order's drawer with 全额退款 / 部分退款, 异常到账 (features/orders), and the
// holders' 退款申请 and 发票申请 queues (features/afterSales, docs/decisions/0045). ?tab= opens a tab.
import { OrderTabs } from '../features/orders/components/OrderTabs';
import { InvoiceRequestQueue } from '../features/afterSales/components/InvoiceRequestQueue';
import { RefundRequestQueue } from '../features/afterSales/components/RefundRequestQueue';
import { allows, useOperator } from '../lib/session';

export default function Orders() {
  const op = useOperator().data;
  return (
    <OrderTabs
      more={[
        { key: 'refund-requests', label: '退款申请', children: <RefundRequestQueue canDecide={allows(op, 'refunds.manage')} /> },
        { key: 'invoice-requests', label: '发票申请', children: <InvoiceRequestQueue canDecide={allows(op, 'invoices.manage')} /> },
      ]}
    />
  );
}

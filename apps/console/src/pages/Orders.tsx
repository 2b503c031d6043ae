// 订单: search orders, an order's drawer with 退款, and 异常到账 (features/orders).
import { OrderTabs } from '../features/orders/components/OrderTabs';

export default function Orders() {
  return <OrderTabs />;
}

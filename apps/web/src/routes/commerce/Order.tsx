// /order — my orders: tabs 全部 / 待支付 / 已完成 / 已退款 and this card or all my cards (both kept in
// the address, so back returns to the same list), filtered and paged by the server. A pending
// order is paid or cancelled right from its row. /order?order_no= — one order, with its 售后服务
// (refund and invoice requests, features/afterSales).
// (features/commerce/components/Orders, shared with the device area's /cpe_order)
import { useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import styles from '../../features/commerce/commerce.module.css';
import { OrderDetail, OrderList } from '../../features/commerce/components/Orders';
import { ShippingFacts } from '../../features/shop/components/ShippingFacts';
import { AfterSalesPanel } from '../../features/afterSales/components/AfterSalesPanel';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  const customNum = useStored('customNum');
  const cardLogin = useStored('loginModel') === 'customNum';
  return orderNo !== null ? (
    <div className={styles.page}>
      <PageHeader title="订单详情" fallback="/order" />
      <OrderDetail
        orderNo={orderNo}
        extra={(o) => (
          <>
            {o.device ? <ShippingFacts device={o.device} /> : null}
            {o.state === 'paid' || o.state === 'fulfilled' || o.state === 'refunded' ? <AfterSalesPanel orderNo={o.order_no} /> : null}
          </>
        )}
      />
    </div>
  ) : (
    <div className={styles.page}>
      <PageHeader title="我的订单" fallback="/mine" />
      <OrderList customNum={customNum} allCards={!cardLogin} />
    </div>
  );
}

export default withQuery(OrderPage);

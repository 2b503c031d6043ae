// /cpe_order — the orders of the current device's card: the portal's order list (tabs 全部 /
// 待支付 / 已完成 / 已退款, 继续支付 / 取消订单, paging) for that card only; /cpe_order?order_no= —
// one of them, with its 售后服务 (refund and invoice requests, features/afterSales). A payment
// continued from here leads back here (origin 'device').
import { useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import styles from '../../features/commerce/commerce.module.css';
import { OrderDetail, OrderList } from '../../features/commerce/components/Orders';
import { ForDevice } from '../../features/devices/components/ForDevice';
import { AfterSalesPanel } from '../../features/afterSales/components/AfterSalesPanel';
import { withQuery } from '../../lib/query';

function CpeOrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no');
  if (orderNo !== null) {
    return (
      <div className={styles.page}>
        <PageHeader title="订单详情" fallback="/cpe_order" />
        <OrderDetail
          orderNo={orderNo}
          origin="device"
          extra={(o) =>
            o.state === 'paid' || o.state === 'fulfilled' || o.state === 'refunded' ? <AfterSalesPanel orderNo={o.order_no} /> : null
          }
        />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title="我的订单" fallback="/cpe_mine" />
      <ForDevice>
        {(device) => <OrderList key={device.custom_num} customNum={device.custom_num} allCards={false} origin="device" />}
      </ForDevice>
    </div>
  );
}

export default withQuery(CpeOrderPage);

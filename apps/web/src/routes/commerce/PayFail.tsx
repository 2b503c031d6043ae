// /pay_fail?order_no= — the order failed or was closed; nothing was charged for it.
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { useOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { OrderNo } from '../../features/commerce/components/OrderSummary';
import { PayResult } from '../../features/commerce/components/PayResult';
import { purchaseOrigin } from '../../features/commerce/model/handoff';
import { ORDER_STATE_LABEL } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';

function PayFailPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useOrder(orderNo);
  // a purchase made in the device area is tried again there
  const way = purchaseOrigin.wayBack(orderNo);
  const again = order.data?.package
    ? order.data.goods_type === 'upgrade'
      ? `/cpe_up_detail?package_id=${order.data.package.id}`
      : way.packagePath(order.data.package.id)
    : order.data?.goods_type === 'recharge'
      ? '/recharge'
      : way.packages;
  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" />
      <PayResult
        ok={false}
        title="支付未完成"
        text={
          order.data
            ? `${order.data.title} · 订单${ORDER_STATE_LABEL[order.data.state]}，未扣款${order.data.voucher ? '；使用的优惠券已退回' : ''}`
            : '订单未支付，未扣款'
        }
      >
        {order.data ? (
          <p className={styles.resultText} style={{ textAlign: 'center' }}>
            订单号 <OrderNo orderNo={order.data.order_no} />
          </p>
        ) : null}
        <Link className="app-btn app-btn--primary app-btn--block" to={again} replace>
          重新支付
        </Link>
        <Link className="app-btn app-btn--ghost app-btn--block" to={`${way.orders}?order_no=${encodeURIComponent(orderNo)}`}>
          查看订单
        </Link>
        {way.home !== '/' ? (
          <Link className="app-btn app-btn--ghost app-btn--block" to={way.home} replace>
            {way.homeLabel}
          </Link>
        ) : null}
      </PayResult>
    </div>
  );
}

export default withQuery(PayFailPage);

// /shopping_success?order_no= — a device order's result: paid (待发货, where it goes, the tracking
// number once shipped), still pending, or closed unpaid — as the server reports it. A visit
// without a login is sent to log in first by the order pages' own rules (the order is the card's).
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { useOrder } from '../../features/commerce/api/commerce';
import { PayResult } from '../../features/commerce/components/PayResult';
import { resultPathOf } from '../../features/commerce/model/labels';
import { ShippingFacts } from '../../features/shop/components/ShippingFacts';
import styles from '../../features/shop/shop.module.css';
import { isRetryable } from '../../lib/api';
import { loginUrl } from '../../lib/navigation';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';

function ShoppingSuccessPage() {
  const [params] = useSearchParams();
  const token = useStored('token');
  const orderNo = params.get('order_no') ?? '';
  const valid = ORDER_NO.pattern.test(orderNo);
  const order = useOrder(valid && token ? orderNo : '');
  const detail = `/order?order_no=${encodeURIComponent(orderNo)}`;

  // no order to show: its list, or the shop to order one
  const waysOn = (
    <>
      <Link className="app-btn app-btn--primary" to="/order">
        我的订单
      </Link>
      <Link className="app-btn app-btn--ghost" to="/shopping">
        去设备商城
      </Link>
    </>
  );

  let body;
  if (!valid) body = <StateBlock kind="empty" text={orderNo ? '订单号有误，请从订单列表查看' : '没有要查看的订单'} action={waysOn} />;
  else if (!token)
    body = (
      <StateBlock
        kind="empty"
        text="登录后查看订单"
        action={
          <Link className="app-btn app-btn--primary" to={loginUrl({ redirect: `/shopping_success?order_no=${orderNo}` })}>
            登录
          </Link>
        }
      />
    );
  else if (order.isPending) body = <PageLoading />;
  else if (order.isError)
    body = isRetryable(order.error) ? (
      <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
    ) : (
      <StateBlock kind="error" text="订单不存在或无权查看" action={waysOn} />
    );
  else {
    const o = order.data;
    const result = resultPathOf(o.state, o.goods_type);
    body = (
      <>
        {result === '/pay_fail' ? (
          <PayResult
            ok={false}
            title={o.state === 'refunded' ? '订单已退款' : '订单未支付'}
            text="该订单已关闭，库存已释放，未扣款可放心重新下单"
          />
        ) : result ? (
          <PayResult ok title="下单成功" text={`已支付 ¥${o.payable.toFixed(2)}，我们会尽快为您发货`} />
        ) : (
          <PayResult ok={false} pending title="订单待支付" text="请在支付截止前完成支付，超时订单将自动关闭并释放库存" />
        )}
        {o.device ? <ShippingFacts device={o.device} /> : null}
        <div className={styles.actions}>
          <Link className="app-btn app-btn--ghost" to={detail}>
            查看订单
          </Link>
          <Link className="app-btn app-btn--primary" to="/shopping">
            继续逛逛
          </Link>
        </div>
      </>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title="下单结果" fallback="/shopping" />
      {body}
    </div>
  );
}

export default withQuery(ShoppingSuccessPage);

// /order_success?order_no= — an order has been placed: what it is and what comes next, as the
// server reports it (a pending order is not called paid).
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import { useOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { OrderSummary } from '../../features/commerce/components/OrderSummary';
import { PayResult } from '../../features/commerce/components/PayResult';
import { resultPathOf } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';

function OrderSuccessPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = ORDER_NO.pattern.test(orderNo);
  const order = useOrder(valid ? orderNo : '');
  const detail = `/order?order_no=${encodeURIComponent(orderNo)}`;
  if (!valid) {
    return (
      <div className={styles.page}>
        <PageHeader title="下单成功" fallback="/order" />
        <StateBlock
          kind="empty"
          text={orderNo ? '订单号有误，请从订单列表查看' : '没有要查看的订单'}
          action={
            <Link className="app-btn app-btn--ghost" to="/order">
              我的订单
            </Link>
          }
        />
      </div>
    );
  }
  if (order.isPending) return <PageLoading />;
  const result = order.data ? resultPathOf(order.data.state, order.data.goods_type) : undefined;
  return (
    <div className={styles.page}>
      <PageHeader title="下单成功" fallback="/order" />
      {order.isError ? (
        isRetryable(order.error) ? (
          <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
        ) : (
          <StateBlock kind="error" text="订单不存在或无权查看" />
        )
      ) : result === '/pay_fail' ? (
        <PayResult ok={false} title="订单未支付" text="该订单已关闭或支付失败，未扣款">
          <Link className="app-btn app-btn--ghost app-btn--block" to={detail}>
            查看订单
          </Link>
        </PayResult>
      ) : (
        <PayResult
          ok={result !== undefined}
          pending={result === undefined}
          title={result ? '订单已支付' : '订单已创建，待支付'}
          text={result ? '订单已支付，商品已发放到卡上' : '请在支付截止前完成支付，超时订单将自动关闭'}
        >
          <OrderSummary order={order.data} />
          <Link className="app-btn app-btn--primary app-btn--block" to={result ? '/' : detail} replace={Boolean(result)}>
            {result ? '返回首页' : '去支付'}
          </Link>
          <Link className="app-btn app-btn--ghost app-btn--block" to="/order">
            我的订单
          </Link>
        </PayResult>
      )}
    </div>
  );
}

export default withQuery(OrderSuccessPage);

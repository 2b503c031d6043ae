// /pay_status?order_no= — where the cashier sends the browser back. The return proves nothing:
// the page asks the server (which asks the gateway) until the order is settled. When the gateway
// answers that nothing was paid, it says 支付未完成 at once; 继续支付 / 取消订单 / 查看订单 are
// there from the first second either way.
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { useOrder } from '../../features/commerce/api/commerce';
import { usePendingActions } from '../../features/commerce/components/Checkout';
import { AwaitingResult, useResultPolling } from '../../features/commerce/components/AwaitingResult';
import styles from '../../features/commerce/commerce.module.css';
import { keepCashierBehind, purchaseOrigin } from '../../features/commerce/model/handoff';
import { resultPathOf } from '../../features/commerce/model/labels';
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';
import { isRetryable } from '../../lib/api';
import { withQuery } from '../../lib/query';

function PayStatusPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const valid = ORDER_NO.pattern.test(orderNo);
  const navigate = useNavigate();
  const { gaveUp, poll } = useResultPolling();
  const order = useOrder(valid ? orderNo : '', poll);
  const actions = usePendingActions();
  const way = purchaseOrigin.wayBack(orderNo);
  // the gateway's return: back from the result leads into the app, never to the paid cashier
  useEffect(() => void keepCashierBehind(way.home), [way.home]);

  const settled = order.data ? resultPathOf(order.data.state, order.data.goods_type) : undefined;
  useEffect(() => {
    if (settled) navigate(`${settled}?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [settled, orderNo, navigate]);

  const cancel = async () => {
    if (!order.data) return;
    const closed = await actions.cancel(order.data);
    if (closed) navigate(`/pay_fail?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
    else await order.refetch();
  };

  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" fallback="/order" />
      {!valid ? (
        <StateBlock
          kind="empty"
          text={orderNo ? '订单号有误，请从订单列表查看' : '没有要查询的订单'}
          action={
            <Link className="app-btn app-btn--ghost" to="/order">
              我的订单
            </Link>
          }
        />
      ) : order.isPending ? (
        <PageLoading />
      ) : order.isError && isRetryable(order.error) ? (
        <OrderLoadFailed
          error={order.error}
          onRetry={() => order.refetch()}
          more={
            <Link className="app-btn app-btn--ghost" to="/order">
              我的订单
            </Link>
          }
        />
      ) : order.isError ? (
        <StateBlock
          kind="error"
          text="订单不存在或无权查看"
          action={
            <Link className="app-btn app-btn--ghost" to="/order">
              我的订单
            </Link>
          }
        />
      ) : (
        <AwaitingResult order={order.data} gaveUp={gaveUp}>
          <button
            type="button"
            className="app-btn app-btn--primary app-btn--block"
            disabled={actions.busy}
            onClick={() => actions.pay(orderNo)}
          >
            继续支付
          </button>
          <button type="button" className="app-btn app-btn--ghost app-btn--block" disabled={actions.busy} onClick={cancel}>
            取消订单
          </button>
          <button
            type="button"
            className="app-btn app-btn--ghost app-btn--block"
            onClick={() => navigate(`${way.orders}?order_no=${encodeURIComponent(orderNo)}`)}
          >
            查看订单
          </button>
        </AwaitingResult>
      )}
    </div>
  );
}

export default withQuery(PayStatusPage);

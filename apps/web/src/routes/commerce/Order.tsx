// /order — the current card's orders; /order?order_no= one order. A pending order goes back to
// its own cashier from any tab or device (the server checks it with the gateway first), or is
// closed, which returns its voucher.
import type { Order } from '@portal/contract';
import { formatDateTime, formatYuan } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import { closeOrder, repayOrder, useOrder, useOrders } from '../../features/commerce/api/commerce';
import { followPay } from '../../features/commerce/components/Checkout';
import { OrderStateTag, OrderSummary } from '../../features/commerce/components/OrderSummary';
import styles from '../../features/commerce/commerce.module.css';
import { GOODS_TYPE_LABEL } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { confirm } from '../../lib/ui';
import { useStored } from '../../lib/useStored';

function OrderPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  return orderNo ? <OrderDetail orderNo={orderNo} /> : <OrderList />;
}

function OrderList() {
  const customNum = useStored('customNum');
  const orders = useOrders(customNum);
  return (
    <div className={styles.page}>
      <PageHeader title="我的订单" fallback="/mine" />
      {orders.isPending ? (
        <PageLoading />
      ) : orders.isError ? (
        <LoadFailed text="订单加载失败" onRetry={() => orders.refetch()} />
      ) : orders.data.list.length === 0 ? (
        <StateBlock
          kind="empty"
          text="暂无订单"
          action={
            <Link className="app-btn app-btn--primary" to="/combo">
              去订购套餐
            </Link>
          }
        />
      ) : (
        <ul className={styles.list} aria-label="订单列表">
          {orders.data.list.map((o) => (
            <li key={o.order_no}>
              <Link className={styles.item} to={`/order?order_no=${encodeURIComponent(o.order_no)}`} data-testid="order">
                <div className={styles.row}>
                  <span className={styles.name}>{o.title}</span>
                  <OrderStateTag state={o.state} />
                </div>
                <div className={styles.row}>
                  <p className={styles.meta}>
                    {GOODS_TYPE_LABEL[o.goods_type]} · {formatDateTime(o.created_at)}
                  </p>
                  <span className={styles.amountText}>¥{formatYuan(o.payable)}</span>
                </div>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** Where to order the same goods again. */
function againPathOf(o: Order): string {
  if (o.goods_type === 'recharge') return '/recharge';
  if (o.goods_type === 'coupon_package') return '/coupon_package';
  return o.package ? `/combo_detail?package_id=${o.package.id}` : '/combo';
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const order = useOrder(orderNo);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);

  const close = async (): Promise<boolean> => {
    setBusy(true);
    try {
      await closeOrder(orderNo);
      await queryClient.invalidateQueries({ queryKey: ['commerce'] });
      return true;
    } catch {
      return false; // the API client has shown the reason
    } finally {
      setBusy(false);
    }
  };
  const onClose = async () => {
    if (!(await confirm({ content: '确定关闭该订单吗？使用的优惠券将退回。', confirmText: '关闭订单' }))) return;
    if (await close()) toast('订单已关闭');
  };
  const onPay = async () => {
    setBusy(true);
    try {
      // paid meanwhile → its result page; still pending → its cashier; closed or expired → the
      // API client shows why, and the page shows the order's new state
      followPay(await repayOrder(orderNo), navigate);
    } catch {
      await queryClient.invalidateQueries({ queryKey: ['commerce'] });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className={styles.page}>
      <PageHeader title="订单详情" fallback="/order" />
      {order.isPending ? (
        <PageLoading />
      ) : order.isError ? (
        isRetryable(order.error) ? (
          <LoadFailed text="订单加载失败" onRetry={() => order.refetch()} />
        ) : (
          <StateBlock kind="error" text="订单不存在或无权查看" />
        )
      ) : (
        <>
          <OrderSummary order={order.data} detailed />
          {order.data.state === 'pending' ? (
            <div className={styles.actions}>
              <button type="button" className="app-btn app-btn--primary app-btn--block" disabled={busy} onClick={onPay}>
                继续支付
              </button>
              <button type="button" className="app-btn app-btn--ghost app-btn--block" disabled={busy} onClick={onClose}>
                关闭订单
              </button>
            </div>
          ) : (
            <div className={styles.actions}>
              {order.data.state === 'closed' || order.data.state === 'failed' ? (
                <Link className="app-btn app-btn--primary app-btn--block" to={againPathOf(order.data)}>
                  重新下单
                </Link>
              ) : null}
              <Link className="app-btn app-btn--ghost app-btn--block" to="/order">
                全部订单
              </Link>
            </div>
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(OrderPage);

// /order — the current card's orders; /order?order_no= one order, which can be closed while pending.
import { formatDateTime, formatYuan } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { StateBlock } from '../components/StateBlock';
import { closeOrder, useOrder, useOrders } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { ORDER_STATE_LABEL, PAY_CHANNEL_LABEL } from '../features/commerce/model/labels';
import { withQuery } from '../lib/query';
import { toast } from '../lib/toast';
import { useStored } from '../lib/useStored';

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
        <StateBlock kind="error" text="订单加载失败" action={<button type="button" className="app-btn app-btn--ghost" onClick={() => orders.refetch()}>重新加载</button>} />
      ) : orders.data.list.length === 0 ? (
        <StateBlock kind="empty" text="暂无订单" />
      ) : (
        <ul className={styles.list} aria-label="订单列表">
          {orders.data.list.map((o) => (
            <li key={o.order_no}>
              <Link className={styles.item} to={`/order?order_no=${encodeURIComponent(o.order_no)}`} data-testid="order">
                <div className={styles.row}>
                  <span className={styles.name}>{o.title}</span>
                  <span>{ORDER_STATE_LABEL[o.state]}</span>
                </div>
                <p className={styles.meta}>
                  ¥{formatYuan(o.payable)} · {formatDateTime(o.created_at)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function OrderDetail({ orderNo }: { orderNo: string }) {
  const order = useOrder(orderNo);
  const queryClient = useQueryClient();
  const close = async () => {
    try {
      await closeOrder(orderNo);
      toast('订单已关闭');
      await queryClient.invalidateQueries({ queryKey: ['commerce'] });
    } catch {
      // the API client has shown the reason
    }
  };
  return (
    <div className={styles.page}>
      <PageHeader title="订单详情" fallback="/order" />
      {order.isPending ? (
        <PageLoading />
      ) : order.isError ? (
        <StateBlock kind="error" text="订单不存在或无权查看" />
      ) : (
        <section className={styles.section} data-testid="order-detail">
          <div className={styles.row}>
            <span className={styles.name}>{order.data.title}</span>
            <span>{ORDER_STATE_LABEL[order.data.state]}</span>
          </div>
          {[
            ['订单号', order.data.order_no],
            ['卡号', order.data.custom_num],
            ['商品金额', `¥${formatYuan(order.data.total)}`],
            ['优惠', order.data.voucher ? `${order.data.voucher.name} -¥${formatYuan(order.data.discount)}` : '-'],
            ['实付', `¥${formatYuan(order.data.payable)}`],
            ['支付方式', PAY_CHANNEL_LABEL[order.data.pay_channel] ?? '-'],
            ['下单时间', formatDateTime(order.data.created_at)],
            ['支付时间', formatDateTime(order.data.paid_at)],
          ].map(([k, v]) => (
            <p key={k} className={styles.sum}>
              <span>{k}</span>
              <span>{v}</span>
            </p>
          ))}
          {order.data.state === 'pending' ? (
            <div className={styles.actions}>
              <button type="button" className="app-btn app-btn--ghost app-btn--block" onClick={close}>
                关闭订单
              </button>
            </div>
          ) : null}
        </section>
      )}
    </div>
  );
}

export default withQuery(OrderPage);

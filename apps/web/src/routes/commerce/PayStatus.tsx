// /pay_status?order_no= — where the cashier sends the browser back. The return proves nothing:
// the page asks the server (which asks the gateway) until the order is settled.
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { StateBlock } from '../../components/StateBlock';
import { useOrder } from '../../features/commerce/api/commerce';
import { AwaitingResult, useResultPolling } from '../../features/commerce/components/AwaitingResult';
import styles from '../../features/commerce/commerce.module.css';
import { resultPathOf } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';

function PayStatusPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const navigate = useNavigate();
  const { gaveUp, poll } = useResultPolling();
  const order = useOrder(orderNo, poll);

  const settled = order.data ? resultPathOf(order.data.state, order.data.goods_type) : undefined;
  // 继续支付 and 关闭订单 are on the order's page
  const viewOrder = (
    <button
      type="button"
      className="app-btn app-btn--ghost app-btn--block"
      onClick={() => navigate(`/order?order_no=${encodeURIComponent(orderNo)}`)}
    >
      查看订单
    </button>
  );
  useEffect(() => {
    if (settled) navigate(`${settled}?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [settled, orderNo, navigate]);

  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" fallback="/order" />
      {!orderNo ? (
        <StateBlock kind="empty" text="没有要查询的订单" />
      ) : order.isError ? (
        <StateBlock
          kind="error"
          text="订单查询失败"
          action={
            <button type="button" className="app-btn app-btn--ghost" onClick={() => order.refetch()}>
              重新查询
            </button>
          }
        />
      ) : gaveUp ? (
        <StateBlock kind="empty" text="暂未收到支付结果。如已付款，请稍后在订单中查看，款项不会丢失。" action={viewOrder} />
      ) : (
        <AwaitingResult>{viewOrder}</AwaitingResult>
      )}
    </div>
  );
}

export default withQuery(PayStatusPage);

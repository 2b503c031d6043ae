// /pay_status?order_no= — where the cashier sends the browser back. The return proves nothing:
// the page asks the server (which asks the gateway) until the order is settled.
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { StateBlock } from '../components/StateBlock';
import { useOrder } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { resultPathOf } from '../features/commerce/model/labels';
import { withQuery } from '../lib/query';

const POLL_MS = 1500;
const GIVE_UP_MS = 60_000;

function PayStatusPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const navigate = useNavigate();
  const [startedAt] = useState(() => Date.now());
  const [gaveUp, setGaveUp] = useState(false);
  const order = useOrder(orderNo, (o) => (o && resultPathOf(o.state, o.goods_type)) || gaveUp ? false : POLL_MS);

  const settled = order.data ? resultPathOf(order.data.state, order.data.goods_type) : undefined;
  useEffect(() => {
    if (settled) navigate(`${settled}?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [settled, orderNo, navigate]);
  useEffect(() => {
    const t = setTimeout(() => setGaveUp(true), Math.max(0, GIVE_UP_MS - (Date.now() - startedAt)));
    return () => clearTimeout(t);
  }, [startedAt]);

  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" fallback="/order" />
      {!orderNo ? (
        <StateBlock kind="empty" text="没有要查询的订单" />
      ) : order.isError ? (
        <StateBlock kind="error" text="订单查询失败" action={<button type="button" className="app-btn app-btn--ghost" onClick={() => order.refetch()}>重新查询</button>} />
      ) : gaveUp ? (
        <StateBlock
          kind="empty"
          text="暂未收到支付结果。如已付款，请稍后在订单中查看，款项不会丢失。"
          action={<button type="button" className="app-btn app-btn--ghost" onClick={() => navigate(`/order?order_no=${encodeURIComponent(orderNo)}`)}>查看订单</button>}
        />
      ) : (
        <>
          <PageLoading label="支付结果确认中" />
          <p className={styles.resultText} style={{ textAlign: 'center' }}>
            支付结果确认中…
          </p>
        </>
      )}
    </div>
  );
}

export default withQuery(PayStatusPage);

// /order_check(?order_no=) — look an order up by its number (e.g. one a customer-service agent
// asks about) and check its state; only the caller's own orders are shown.
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import { useOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { OrderSummary } from '../../features/commerce/components/OrderSummary';
import { withQuery } from '../../lib/query';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';

/** The contract's order number rule (OrderNo): 8 to 40 letters and digits. */
const BAD_NO = '订单号有误，请输入8-40位字母或数字';

function OrderCheckPage() {
  const [params, setParams] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const [text, setText] = useState(orderNo);
  // a link with a bad number says so at once, as a typed one would after 查询订单
  const [error, setError] = useState<string | null>(orderNo && !ORDER_NO.pattern.test(orderNo) ? BAD_NO : null);
  const order = useOrder(ORDER_NO.pattern.test(orderNo) ? orderNo : '');

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const v = text.trim();
    const problem = !v ? '请输入订单号' : !ORDER_NO.pattern.test(v) ? BAD_NO : null;
    setError(problem);
    if (!problem) setParams({ order_no: v }, { replace: true });
  };

  return (
    <div className={styles.page}>
      <PageHeader title="订单核对" fallback="/order" />
      <form className={styles.section} onSubmit={submit} noValidate>
        <label className={styles.sectionTitle} htmlFor="order-no">
          订单号
        </label>
        <input
          id="order-no"
          className={styles.input}
          autoComplete="off"
          placeholder="请输入订单号"
          value={text}
          onChange={(e) => setText(e.target.value)}
          aria-invalid={Boolean(error)}
        />
        {error ? (
          <p className={styles.fieldError} role="alert">
            {error}
          </p>
        ) : null}
        <button type="submit" className="app-btn app-btn--primary app-btn--block" style={{ marginTop: 14 }}>
          查询订单
        </button>
      </form>
      {!orderNo || !ORDER_NO.pattern.test(orderNo) ? null : order.isPending ? (
        <PageLoading />
      ) : order.isError ? (
        isRetryable(order.error) ? (
          <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
        ) : (
          <StateBlock kind="error" text="未找到该订单，或该订单不属于您的卡" />
        )
      ) : (
        <>
          <OrderSummary order={order.data} />
          <div className={styles.actions}>
            <Link className="app-btn app-btn--ghost app-btn--block" to={`/order?order_no=${encodeURIComponent(orderNo)}`}>
              查看订单详情
            </Link>
          </div>
        </>
      )}
    </div>
  );
}

export default withQuery(OrderCheckPage);

// /pay_success?order_no= — shown only for an order the server says is paid.
import { formatYuan } from '@portal/domain';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/StateBlock';
import { usePaidOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { PayResult } from '../../features/commerce/components/PayResult';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { isRetryable } from '../../lib/api';
import { withQuery } from '../../lib/query';

function PaySuccessPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const { order, paid } = usePaidOrder(orderNo, '/pay_success', refreshCard);
  if (order.isPending && orderNo) return <PageLoading />;
  // On the way, not on its merits: the order may well be paid, so no verdict, a 重试 (issue 16).
  if (order.isError && isRetryable(order.error)) {
    return (
      <div className={styles.page}>
        <PageHeader title="支付结果" />
        <LoadFailed text="支付结果加载失败" onRetry={() => order.refetch()} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" />
      {paid ? (
        <PayResult
          ok
          title="支付成功"
          text={
            paid.goods_type === 'recharge' && paid.credit !== undefined
              ? `${paid.title} · 实付 ¥${formatYuan(paid.payable)}，余额到账 ¥${formatYuan(paid.credit)}`
              : `${paid.title} · 实付 ¥${formatYuan(paid.payable)}，已生效`
          }
        >
          <Link className="app-btn app-btn--primary app-btn--block" to="/" replace>
            返回首页
          </Link>
          {paid.goods_type === 'recharge' ? (
            <Link className="app-btn app-btn--ghost app-btn--block" to="/combo">
              去订购套餐
            </Link>
          ) : null}
          <Link className="app-btn app-btn--ghost app-btn--block" to={`/order?order_no=${encodeURIComponent(orderNo)}`}>
            查看订单
          </Link>
        </PayResult>
      ) : (
        <PayResult ok={false} title="未查到支付成功的订单" text="请在订单中查看支付结果">
          <Link className="app-btn app-btn--ghost app-btn--block" to="/order">
            查看订单
          </Link>
        </PayResult>
      )}
    </div>
  );
}

export default withQuery(PaySuccessPage);

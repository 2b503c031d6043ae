// /coupon_success?order_no= — a coupon package the server says is paid: its vouchers are on the card.
import { formatYuan } from '@portal/domain';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed } from '../../components/StateBlock';
import { usePaidOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { PayResult } from '../../features/commerce/components/PayResult';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { isRetryable } from '../../lib/api';
import { withQuery } from '../../lib/query';

function CouponSuccessPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const { order, paid } = usePaidOrder(orderNo, '/coupon_success', refreshCard);
  if (order.isPending && orderNo) return <PageLoading />;
  // On the way, not on its merits: the order may well be paid, so no verdict, a 重试 (docs/decisions/0011).
  if (order.isError && isRetryable(order.error)) {
    return (
      <div className={styles.page}>
        <PageHeader title="购买成功" fallback="/coupons" />
        <LoadFailed text="支付结果加载失败" onRetry={() => order.refetch()} />
      </div>
    );
  }
  return (
    <div className={styles.page}>
      <PageHeader title="购买成功" fallback="/coupons" />
      {paid ? (
        <PayResult ok title="券包购买成功" text={`${paid.title} · 实付 ¥${formatYuan(paid.payable)}，优惠券已放入您的卡包`}>
          <Link className="app-btn app-btn--primary app-btn--block" to="/coupons" replace>
            查看优惠券
          </Link>
          <Link className="app-btn app-btn--ghost app-btn--block" to="/combo">
            去订购套餐
          </Link>
        </PayResult>
      ) : (
        <PayResult ok={false} title="未查到购买成功的券包订单" text="请在订单中查看支付结果">
          <Link
            className="app-btn app-btn--ghost app-btn--block"
            to={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/order'}
          >
            查看订单
          </Link>
        </PayResult>
      )}
    </div>
  );
}

export default withQuery(CouponSuccessPage);

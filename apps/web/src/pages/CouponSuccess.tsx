// /coupon_success?order_no= — a coupon package the server says is paid: its vouchers are on the card.
import { formatYuan } from '@portal/domain';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { refreshAfterPayment, useOrder } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { PayResult } from '../features/commerce/components/PayResult';
import { resultPathOf } from '../features/commerce/model/labels';
import { withQuery } from '../lib/query';

function CouponSuccessPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const order = useOrder(orderNo);
  const paidCard = order.data && (order.data.state === 'paid' || order.data.state === 'fulfilled') ? order.data.custom_num : null;
  useEffect(() => {
    if (paidCard) void refreshAfterPayment(paidCard);
  }, [paidCard]);
  if (order.isPending && orderNo) return <PageLoading />;
  const paid = order.data && resultPathOf(order.data.state, order.data.goods_type) === '/coupon_success';
  return (
    <div className={styles.page}>
      <PageHeader title="购买成功" fallback="/coupons" />
      {paid ? (
        <PayResult ok title="券包购买成功" text={`${order.data.title} · 实付 ¥${formatYuan(order.data.payable)}，优惠券已放入您的卡包`}>
          <Link className="app-btn app-btn--primary app-btn--block" to="/coupons" replace>
            查看优惠券
          </Link>
          <Link className="app-btn app-btn--ghost app-btn--block" to="/combo">
            去订购套餐
          </Link>
        </PayResult>
      ) : (
        <PayResult ok={false} title="未查到购买成功的券包订单" text="请在订单中查看支付结果">
          <Link className="app-btn app-btn--ghost app-btn--block" to={orderNo ? `/order?order_no=${encodeURIComponent(orderNo)}` : '/order'}>
            查看订单
          </Link>
        </PayResult>
      )}
    </div>
  );
}

export default withQuery(CouponSuccessPage);

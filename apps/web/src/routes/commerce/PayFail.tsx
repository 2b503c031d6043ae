// /pay_fail?order_no= — the order failed or was closed; nothing was charged for it. Only an order
// that did fail is called so: without an order, with a bad number or one not found the page says
// there is nothing to show (no claim of a failed payment), and a paid order goes to its success page.
import { ORDER_NO } from '@portal/contract/patterns/commerce';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { OrderNo } from '../../features/commerce/components/OrderSummary';
import { PayResult } from '../../features/commerce/components/PayResult';
import { purchaseOrigin } from '../../features/commerce/model/handoff';
import { ORDER_STATE_LABEL, resultPathOf } from '../../features/commerce/model/labels';
import { isRetryable } from '../../lib/api';
import { withQuery } from '../../lib/query';

function PayFailPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const valid = ORDER_NO.pattern.test(orderNo);
  const order = useOrder(valid ? orderNo : '');
  // a purchase made in the device area is tried again there
  const way = purchaseOrigin.wayBack(orderNo);
  // a paid order is not called failed: it goes to its success page (a pending one stays, 支付未完成 is true of it)
  const paidPath = order.data ? resultPathOf(order.data.state, order.data.goods_type) : undefined;
  const paid = paidPath !== undefined && paidPath !== '/pay_fail';
  useEffect(() => {
    if (paid) navigate(`${paidPath}?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [paid, paidPath, orderNo, navigate]);

  const header = <PageHeader title="支付结果" fallback={way.orders} />;
  const waysOn = (
    <>
      <Link className="app-btn app-btn--primary" to={way.orders}>
        我的订单
      </Link>
      <Link className="app-btn app-btn--ghost" to={way.packages}>
        去订购套餐
      </Link>
    </>
  );
  let body;
  if (!valid) body = <StateBlock kind="empty" text={orderNo ? '订单号有误，请从订单列表查看' : '没有要查看的支付结果'} action={waysOn} />;
  else if (order.isPending || paid) body = <PageLoading />;
  else if (order.isError)
    body = isRetryable(order.error) ? (
      <LoadFailed text="支付结果加载失败" onRetry={() => order.refetch()} />
    ) : (
      <StateBlock kind="error" text="订单不存在或无权查看" action={waysOn} />
    );
  else {
    const o = order.data;
    const again = o.package
      ? o.goods_type === 'upgrade'
        ? `/cpe_up_detail?package_id=${o.package.id}`
        : way.packagePath(o.package.id)
      : o.goods_type === 'recharge'
        ? '/recharge'
        : way.packages;
    body = (
      <PayResult
        ok={false}
        title="支付未完成"
        text={`${o.title} · 订单${ORDER_STATE_LABEL[o.state]}，未扣款${o.voucher ? '；使用的优惠券已退回' : ''}`}
      >
        <p className={styles.resultText} style={{ textAlign: 'center' }}>
          订单号 <OrderNo orderNo={o.order_no} />
        </p>
        <Link className="app-btn app-btn--primary app-btn--block" to={again} replace>
          重新支付
        </Link>
        <Link className="app-btn app-btn--ghost app-btn--block" to={`${way.orders}?order_no=${encodeURIComponent(orderNo)}`}>
          查看订单
        </Link>
        {way.home !== '/' ? (
          <Link className="app-btn app-btn--ghost app-btn--block" to={way.home} replace>
            {way.homeLabel}
          </Link>
        ) : null}
      </PayResult>
    );
  }
  return (
    <div className={styles.page}>
      {header}
      {body}
    </div>
  );
}

export default withQuery(PayFailPage);

// /pay_success?order_no= — shown only for an order the server says is paid.
import { formatYuan } from '@portal/domain';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { usePaidOrder } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { LineAfterNote } from '../../features/commerce/components/LineAfterNote';
import { OrderNo } from '../../features/commerce/components/OrderSummary';
import { PayResult } from '../../features/commerce/components/PayResult';
import { creditText } from '../../features/commerce/model/credit';
import { purchaseOrigin, purchaseToResume } from '../../features/commerce/model/handoff';
import { refreshCard } from '../../features/cards/model/refreshCard';
import { refigureAfterPayment } from '../../features/diagnosis/api/diagnosis';
import { isRetryable } from '../../lib/api';
import { withQuery } from '../../lib/query';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';

/** Once paid: the card's figures asked of the carrier again, then its info and every view of its line
 *  read again (module-level: the paid-order effect runs once per card). */
async function afterPaid(qc: Parameters<typeof refreshCard>[0], customNum: string): Promise<void> {
  await refigureAfterPayment(customNum);
  await refreshCard(qc, customNum);
}

/** A second base package queues behind the current one: say when it works rather than "已生效". */
function effectText(window: { first_day: string; valid_until: string } | undefined): string {
  return window ? `，${window.first_day} 起生效，有效期至 ${window.valid_until}` : '，已生效';
}

function PaySuccessPage() {
  const [params] = useSearchParams();
  const orderNo = params.get('order_no') ?? '';
  const { order, paid } = usePaidOrder(orderNo, '/pay_success', afterPaid);
  // a recharge started from a purchase's 去充值 leads back to that purchase
  const resumePurchase = paid?.goods_type === 'recharge' ? purchaseToResume.recall() : null;
  // a purchase made in the device area leads back there
  const way = purchaseOrigin.wayBack(orderNo);
  if (order.isPending && orderNo) return <PageLoading />;
  // On the way, not on its merits: the order may well be paid, so no verdict, a 重试 (docs/decisions/0011).
  if (order.isError && isRetryable(order.error)) {
    return (
      <div className={styles.page}>
        <PageHeader title="支付结果" />
        <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
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
            creditText(paid) !== null
              ? `${paid.title} · 实付 ¥${formatYuan(paid.payable)}，${creditText(paid)}`
              : `${paid.title} · 实付 ¥${formatYuan(paid.payable)}${effectText(paid.package_window)}`
          }
        >
          <LineAfterNote
            order={paid}
            checking={order.isFetching}
            onCheck={() => void order.refetch()}
            cardCheckPath={`/card_check?custom_num=${encodeURIComponent(paid.custom_num)}`}
          />
          <p className={styles.resultText} style={{ textAlign: 'center' }}>
            订单号 <OrderNo orderNo={paid.order_no} />
          </p>
          {resumePurchase ? (
            <Link className="app-btn app-btn--primary app-btn--block" to={resumePurchase} replace onClick={purchaseToResume.forget}>
              返回继续购买
            </Link>
          ) : null}
          <Link className={`app-btn ${resumePurchase ? 'app-btn--ghost' : 'app-btn--primary'} app-btn--block`} to={way.home} replace>
            {way.homeLabel}
          </Link>
          {paid.goods_type === 'recharge' ? (
            <Link className="app-btn app-btn--ghost app-btn--block" to="/combo">
              去订购套餐
            </Link>
          ) : null}
          <Link className="app-btn app-btn--ghost app-btn--block" to={`${way.orders}?order_no=${encodeURIComponent(orderNo)}`}>
            查看订单
          </Link>
        </PayResult>
      ) : (
        <PayResult ok={false} title="未查到支付成功的订单" text="请在订单中查看支付结果">
          <Link className="app-btn app-btn--ghost app-btn--block" to={way.orders}>
            查看订单
          </Link>
        </PayResult>
      )}
    </div>
  );
}

export default withQuery(PaySuccessPage);

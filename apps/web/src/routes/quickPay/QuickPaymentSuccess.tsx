// /quick_payment_success?order_no=(&access_key=) — the result of a quick (no-login) order. The
// gateway's return is not proof: the page reads the order with its access key until the server
// says it is settled. A key arriving in the URL is moved to this tab's storage and dropped from
// the address bar, so it does not linger in history or get shared with the link.
import { formatDateTime, formatYuan, groupCardNumber } from '@portal/domain';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { StateBlock } from '../../components/StateBlock';
import { isRetryable } from '../../lib/api';
import { repayQuickOrder, useQuickOrder } from '../../features/commerce/api/commerce';
import { AwaitingResult, useResultPolling } from '../../features/commerce/components/AwaitingResult';
import { followPay } from '../../features/commerce/components/Checkout';
import styles from '../../features/commerce/commerce.module.css';
import { LineAfterNote } from '../../features/commerce/components/LineAfterNote';
import { PayResult } from '../../features/commerce/components/PayResult';
import { keepCashierBehind } from '../../features/commerce/model/handoff';
import { creditText } from '../../features/commerce/model/credit';
import { resultPathOf } from '../../features/commerce/model/labels';
import { recall, remember } from '../../features/commerce/model/sessionKeys';
import { withQuery } from '../../lib/query';
import { refigureAfterPayment } from '../../features/diagnosis/api/diagnosis';
import { OrderLoadFailed } from '../../features/commerce/components/OrderLoadFailed';

function QuickPaymentSuccessPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const orderNo = params.get('order_no') ?? '';
  const keyInUrl = params.get('access_key');
  const [accessKey] = useState(() => keyInUrl ?? (orderNo ? recall('quickOrders', orderNo) : undefined) ?? '');
  const { gaveUp, poll } = useResultPolling();

  // the gateway's return: back from the result leads to quick payment, never to the paid cashier
  // (first: the access key then leaves the address bar from the entry it pushed)
  useEffect(() => void keepCashierBehind('/quick_payment'), []);
  useEffect(() => {
    if (!keyInUrl || !orderNo) return;
    remember('quickOrders', orderNo, keyInUrl);
    navigate(`/quick_payment_success?order_no=${encodeURIComponent(orderNo)}`, { replace: true });
  }, [keyInUrl, orderNo, navigate]);

  const order = useQuickOrder(orderNo, accessKey, poll);
  const [resuming, setResuming] = useState(false);
  const resume = async () => {
    setResuming(true);
    try {
      followPay(await repayQuickOrder(orderNo, accessKey), navigate, '/quick_payment_success');
    } catch {
      await order.refetch(); // the API client has shown why (closed, expired)
    } finally {
      setResuming(false);
    }
  };

  const payAgain = (
    <button type="button" className="app-btn app-btn--primary" disabled={resuming} onClick={resume}>
      继续支付
    </button>
  );

  const result = order.data ? resultPathOf(order.data.state) : undefined;
  // once paid, the card's figures are asked of the carrier again (decision 0070: not 数据更新于 3 分钟前)
  const paidCard = result === '/pay_success' ? order.data!.custom_num : '';
  useEffect(() => {
    if (paidCard) void refigureAfterPayment(paidCard);
  }, [paidCard]);
  // paying again starts where the order was made: a top-up on /quick_recharge, a package on its list
  const again = !order.data
    ? '/quick_payment'
    : order.data.goods_type === 'recharge'
      ? `/quick_recharge?custom_num=${encodeURIComponent(order.data.custom_num)}`
      : `/quick_select_package?custom_num=${encodeURIComponent(order.data.custom_num)}${order.data.package ? `&package_id=${order.data.package.id}` : ''}`;

  return (
    <div className={styles.page}>
      <PageHeader title="支付结果" fallback="/quick_payment" />
      {!orderNo || !accessKey ? (
        <StateBlock
          kind="empty"
          text="无法查看该订单：请在下单的浏览器中查看，或登录后在订单中查看"
          action={
            <Link className="app-btn app-btn--ghost" to="/quick_payment">
              返回快捷充值
            </Link>
          }
        />
      ) : order.isPending ? (
        <PageLoading />
      ) : order.isError && isRetryable(order.error) ? (
        <OrderLoadFailed error={order.error} onRetry={() => order.refetch()} />
      ) : order.isError ? (
        <StateBlock
          kind="error"
          text="订单不存在或无权查看"
          action={
            <Link className="app-btn app-btn--ghost" to="/quick_payment">
              返回快捷充值
            </Link>
          }
        />
      ) : result === '/pay_success' ? (
        <PayResult
          ok
          title="支付成功"
          text={`卡号 ${groupCardNumber(order.data.custom_num)} · ${order.data.title} · 实付 ¥${formatYuan(order.data.payable)}${
            order.data.package_window
              ? `，${order.data.package_window.first_day} 起生效，有效期至 ${order.data.package_window.valid_until}`
              : `，${creditText(order.data) ?? '已订购成功'}`
          }`}
        >
          <LineAfterNote
            order={order.data}
            checking={order.isFetching}
            onCheck={() => void order.refetch()}
            cardCheckPath={`/card_check?custom_num=${encodeURIComponent(order.data.custom_num)}`}
          />
          <div className={styles.section} style={{ margin: 0 }}>
            <p className={styles.sum}>
              <span>订单号</span>
              <span className={styles.sumValue}>{order.data.order_no}</span>
            </p>
            <p className={styles.sum}>
              <span>支付时间</span>
              <span className={styles.sumValue}>{formatDateTime(order.data.paid_at)}</span>
            </p>
          </div>
          <Link className="app-btn app-btn--primary app-btn--block" to="/quick_payment" replace>
            继续订购
          </Link>
          <Link className="app-btn app-btn--ghost app-btn--block" to="/login">
            登录查看更多
          </Link>
        </PayResult>
      ) : result === '/pay_fail' ? (
        <PayResult ok={false} title="支付未完成" text={`${order.data.title} · 订单未支付，未扣款，可重新下单支付`}>
          <Link className="app-btn app-btn--primary app-btn--block" to={again} replace>
            重新支付
          </Link>
        </PayResult>
      ) : gaveUp ? (
        <StateBlock
          kind="empty"
          text="暂未收到支付结果。如已付款，请稍后再查看，款项不会丢失；如未付款，可继续支付。"
          action={
            <>
              {payAgain}
              <button type="button" className="app-btn app-btn--ghost" onClick={() => order.refetch()}>
                重新查询
              </button>
            </>
          }
        />
      ) : (
        <AwaitingResult order={order.data} cancellable={false}>
          {payAgain}
        </AwaitingResult>
      )}
    </div>
  );
}

export default withQuery(QuickPaymentSuccessPage);

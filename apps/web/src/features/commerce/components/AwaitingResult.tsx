// What a payment result page shows and does while the server has not settled the order yet:
// it asks again every 1.5 s, and after a minute stops and lets the user check later. When the
// gateway answers that nothing was paid (the payer left the cashier), the page says 支付未完成 at
// once, with the same ways out, and keeps asking quietly in case the payment lands after all.
import type { Order } from '@portal/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import styles from '../commerce.module.css';
import { resultPathOf } from '../model/labels';
import { OrderNo } from './OrderSummary';
import { PayResult } from './PayResult';

const POLL_MS = 1500;
const GIVE_UP_MS = 60_000;

/** `poll` is the refetch interval for useOrder / useQuickOrder; `gaveUp` after a minute unsettled. */
export function useResultPolling(): { gaveUp: boolean; poll: (order: Order | undefined) => number | false } {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    const t = setTimeout(() => setGaveUp(true), GIVE_UP_MS);
    return () => clearTimeout(t);
  }, []);
  return { gaveUp, poll: (o) => ((o && resultPathOf(o.state, o.goods_type)) || gaveUp ? false : POLL_MS) };
}

/**
 * True once the gateway has answered "nothing paid" for this pending order. Sticky: the server
 * asks the gateway at most every few seconds, so the answers in between do not repeat it.
 */
export function useUnpaidAtGateway(order: Order | undefined): boolean {
  const [seen, setSeen] = useState<string | null>(null);
  if (order?.gateway_unpaid && seen !== order.order_no) setSeen(order.order_no);
  return order?.state === 'pending' && seen === order.order_no;
}

/**
 * While the result is awaited: what the user can do meanwhile (pay again, cancel, look at the
 * order) shows from the first second, so a payment left at the cashier never leaves a spinner
 * with no way out; `gaveUp` replaces the spinner with a word on what to do next.
 */
export function AwaitingResult({
  order,
  gaveUp = false,
  cancellable = true,
  children,
}: {
  order?: Order | undefined;
  gaveUp?: boolean;
  /** false where the page offers no 取消订单 (a quick payment's visitor has no order list): it is not promised */
  cancellable?: boolean;
  children: ReactNode;
}) {
  const unpaid = useUnpaidAtGateway(order);
  if (unpaid) {
    return (
      <PayResult
        ok={false}
        pending
        title="支付未完成"
        text={`${order!.title} · 订单待支付，未扣款。可继续支付${cancellable ? `；不再需要可取消订单${order!.voucher ? '，使用的优惠券将退回' : ''}` : ''}。`}
      >
        <p className={styles.resultText} style={{ textAlign: 'center' }}>
          订单号 <OrderNo orderNo={order!.order_no} />
        </p>
        {children}
      </PayResult>
    );
  }
  return (
    <>
      {gaveUp ? null : <PageLoading label="支付结果确认中" />}
      <p className={styles.resultText} style={{ textAlign: 'center' }}>
        {gaveUp ? '暂未收到支付结果。如已付款，请稍后在订单中查看，款项不会丢失。' : '支付结果确认中…'}
      </p>
      <p className={styles.resultText} style={{ textAlign: 'center' }}>
        如未完成付款，可在下方继续。
      </p>
      <div className={styles.actions}>{children}</div>
    </>
  );
}

// Pay channel choice and the pay bar, shared by every purchase page. The payable comes from the
// server's quote; the order is created with a request id kept for this choice while the page is
// open, so a double tap or a retry after a lost answer never creates a second order.
import type { CreateOrderAnswer, Order, PayChannelValue, QuoteRequest } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type ReactNode } from 'react';
import { useNavigate, type NavigateFunction } from '../../../lib/router';
import { ApiError } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { confirm } from '../../../lib/confirm';
import { closeOrder, createOrder, createQuickOrder, repayOrder, useQuote } from '../api/commerce';
import styles from '../commerce.module.css';
import { handoffPageOf, purchaseOrigin, type PurchaseOrigin } from '../model/handoff';
import { successPathOf } from '../model/labels';
import { remember } from '../model/sessionKeys';
import { ChannelPicker } from './ChannelPicker';
import { useSingleFlight } from '../../../lib/useSingleFlight';

interface Props {
  /** what is being bought; null while the user has not chosen yet */
  request: QuoteRequest | null;
  payLabel?: string;
  /** extra lines of the summary, above the channels (e.g. the voucher row) */
  children?: ReactNode;
  /**
   * Quick payment without login: quoted and ordered through the token-less routes (which never
   * offer the balance); the order's access key is kept in this tab to show its result.
   */
  quick?: boolean;
  /** where the purchase started, for the way back from its result pages (unset: the portal) */
  origin?: PurchaseOrigin;
  /** runs before the balance channel's 去充值 leaves for /recharge */
  beforeTopUp?: () => Promise<void> | void;
  /** what to do about a refused quote, shown under its message (e.g. the way to the orders to pay) */
  refusalAction?: (refusal: ApiError) => ReactNode;
  /** said in the 支付方式 box while nothing is chosen yet, so the box is never blank */
  pickFirst?: string;
}

/** After an order exists: to its cashier (directly or through a hand-off page) or its result. */
export function followPay(
  order: Pick<CreateOrderAnswer, 'order_no' | 'goods_type' | 'pay' | 'pay_channel'>,
  navigate: NavigateFunction,
  resultBase = '',
): void {
  const no = encodeURIComponent(order.order_no);
  if (order.pay.kind === 'settled') {
    navigate(`${resultBase || successPathOf(order.goods_type)}?order_no=${no}`, { replace: true });
    return;
  }
  remember('payUrls', order.order_no, order.pay.url);
  const handoff = handoffPageOf(order.pay_channel);
  if (handoff) navigate(`${handoff}?order_no=${no}`);
  else window.location.assign(order.pay.url);
}

/** A quick order — a package, or a top-up of the card's balance: never a voucher (they are the
 *  holder's, after a login) and never the balance. */
async function placeQuick(body: QuoteRequest, channel: PayChannelValue, requestId: string, navigate: NavigateFunction): Promise<void> {
  const goods =
    body.package_id !== undefined ? { package_id: body.package_id } : body.amount !== undefined ? { amount: body.amount } : null;
  if (!goods) return;
  const order = await createQuickOrder({
    custom_num: body.custom_num,
    ...goods,
    pay_channel: channel,
    request_id: requestId,
    in_messaging_app: body.in_messaging_app,
  });
  remember('quickOrders', order.order_no, order.access_key);
  followPay(order, navigate, '/quick_payment_success');
}

export function Checkout({
  request,
  payLabel = '立即支付',
  children,
  quick = false,
  origin,
  beforeTopUp,
  refusalAction,
  pickFirst = '请先选择要购买的商品',
}: Props) {
  const navigate = useNavigate();
  const inApp = local.get('inMessagingApp') === true;
  const body = useMemo(() => (request ? { ...request, in_messaging_app: inApp } : null), [request, inApp]);
  const quote = useQuote(body, quick);
  const [picked, setPicked] = useState<PayChannelValue | null>(null);
  const [paying, setPaying] = useState(false);
  const channels = quote.data?.channels ?? [];
  const firstAvailable = channels.find((c) => c.available)?.channel ?? null;
  const channel = picked !== null && channels.some((c) => c.channel === picked && c.available) ? picked : firstAvailable;
  // One request id per (what, how) while this page is open: the same tap twice is the same order.
  const ids = useMemo(() => new Map<string, string>(), []);
  const key = JSON.stringify([body, channel]);
  if (!ids.has(key)) ids.set(key, crypto.randomUUID());
  const requestId = ids.get(key)!;

  // one order either way (the request id), and one request too: a double tap sends once
  const pay = useSingleFlight(async () => {
    if (!body || !quote.data || channel === null || paying) return;
    setPaying(true);
    try {
      if (quick) {
        await placeQuick(body, channel, requestId, navigate);
      } else {
        const order = await createOrder({ ...body, voucher_id: quote.data.voucher_id, pay_channel: channel, request_id: requestId });
        if (origin) purchaseOrigin.remember(order.order_no, origin);
        followPay(order, navigate);
      }
    } catch (err) {
      if (!(err instanceof ApiError)) toast('下单失败，请稍后再试');
      setPaying(false);
    }
  });

  return (
    <>
      {children}
      <section className={styles.section} aria-label="支付方式">
        <h2 className={styles.sectionTitle}>支付方式</h2>
        {!body ? <p className={styles.reason}>{pickFirst}</p> : null}
        {quote.isPending && body ? <p className={styles.reason}>正在计算价格…</p> : null}
        {quote.isError ? (
          <p className={styles.reason} role="alert">
            {quote.error instanceof ApiError ? quote.error.message : '价格计算失败'}
          </p>
        ) : null}
        {quote.error instanceof ApiError ? refusalAction?.(quote.error) : null}
        <ChannelPicker channels={channels} value={channel} onChange={setPicked} inMessagingApp={inApp} beforeTopUp={beforeTopUp} />
        {quote.data && firstAvailable === null ? <p className={styles.reason}>暂无可用的支付方式，请联系客服</p> : null}
        {quote.data ? (
          <div className={styles.sums}>
            <p className={styles.sum}>
              <span>商品金额</span>
              <span>¥{formatYuan(quote.data.total)}</span>
            </p>
            {quote.data.member_discount ? (
              <p className={styles.sum}>
                <span>会员折扣{quote.data.member_level ? `（${quote.data.member_level}）` : ''}</span>
                <span className={styles.discount}>-¥{formatYuan(quote.data.member_discount)}</span>
              </p>
            ) : null}
            {quote.data.bonus ? (
              <p className={styles.sum}>
                <span>首充赠送</span>
                <span className={styles.discount}>+¥{formatYuan(quote.data.bonus)}</span>
              </p>
            ) : null}
            {quote.data.credit !== undefined ? (
              <p className={`${styles.sum} ${styles.credit}`} data-testid="credit">
                <span>到账金额</span>
                <span>¥{formatYuan(quote.data.credit)}</span>
              </p>
            ) : null}
            {(quote.data.voucher_discount ?? quote.data.discount) > 0 ? (
              <p className={styles.sum}>
                <span>优惠券</span>
                <span className={styles.discount}>-¥{formatYuan(quote.data.voucher_discount ?? quote.data.discount)}</span>
              </p>
            ) : null}
          </div>
        ) : null}
      </section>
      <div className={styles.bar}>
        <span>
          实付{' '}
          <span className={styles.price} data-testid="payable">
            ¥{quote.data ? formatYuan(quote.data.payable) : '--'}
          </span>
        </span>
        <button
          type="button"
          className="app-btn app-btn--primary"
          disabled={!quote.data || channel === null || paying}
          onClick={() => void pay()}
        >
          {paying ? '正在下单…' : payLabel}
        </button>
      </div>
    </>
  );
}

// 继续支付 and 取消订单 of a pending order, wherever it shows: its result page, its detail, the
// order list. 继续支付 asks the server, which checks with the gateway first (paid meanwhile → the
// result page; still pending → its own cashier, never a second payment). 取消订单 asks the user
// first; the server closes the payment at the gateway before the order, so money arriving at that
// moment settles the order as paid instead of being lost.
export interface PendingActions {
  busy: boolean;
  pay: (orderNo: string) => Promise<void>;
  /** answers the closed order, or null when the user kept it or the server refused (it has said why) */
  cancel: (order: Pick<Order, 'order_no' | 'voucher'>) => Promise<Order | null>;
}

/** `origin`: the area the page is in; an order paid from there leads back to it from its result pages. */
export function usePendingActions(origin?: PurchaseOrigin): PendingActions {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['commerce'] });

  const pay = async (orderNo: string) => {
    setBusy(true);
    if (origin) purchaseOrigin.remember(orderNo, origin);
    try {
      followPay(await repayOrder(orderNo), navigate);
    } catch {
      await refresh(); // closed or expired meanwhile: the API client said why, the page shows the new state
    } finally {
      setBusy(false);
    }
  };

  const cancel = async (order: Pick<Order, 'order_no' | 'voucher'>) => {
    const ok = await confirm({
      title: '取消订单',
      content: order.voucher ? '确定取消该订单吗？未扣款，使用的优惠券将退回。' : '确定取消该订单吗？该订单未扣款。',
      confirmText: '取消订单',
      cancelText: '暂不取消',
    });
    if (!ok) return null;
    setBusy(true);
    try {
      const closed = await closeOrder(order.order_no);
      await refresh();
      return closed;
    } catch {
      await refresh();
      return null;
    } finally {
      setBusy(false);
    }
  };

  return { busy, pay, cancel };
}

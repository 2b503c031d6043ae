// Pay channel choice and the pay bar, shared by every purchase page. The payable comes from the
// server's quote; the order is created with a request id kept for this choice, so a double tap or
// a retry after a lost answer never creates a second order.
import type { PayChannelValue, QuoteRequest } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../../lib/api';
import { local } from '../../../lib/storage';
import { toast } from '../../../lib/toast';
import { createOrder, useQuote } from '../api/commerce';
import styles from '../commerce.module.css';

interface Props {
  /** what is being bought; null while the user has not chosen yet */
  request: QuoteRequest | null;
  payLabel?: string;
}

export function Checkout({ request, payLabel = '立即支付' }: Props) {
  const navigate = useNavigate();
  const inApp = local.get('inMessagingApp') === true;
  const body = useMemo(() => (request ? { ...request, in_messaging_app: inApp } : null), [request, inApp]);
  const quote = useQuote(body);
  const [picked, setPicked] = useState<PayChannelValue | null>(null);
  const [paying, setPaying] = useState(false);
  const channels = quote.data?.channels ?? [];
  const firstAvailable = channels.find((c) => c.available)?.channel ?? null;
  const channel = picked !== null && channels.some((c) => c.channel === picked && c.available) ? picked : firstAvailable;
  // one request id per (what, how): the same tap twice is the same order
  const requestId = useMemo(() => crypto.randomUUID(), [JSON.stringify(body), channel]); // eslint-disable-line react-hooks/exhaustive-deps

  const pay = async () => {
    if (!body || channel === null || paying) return;
    setPaying(true);
    try {
      const order = await createOrder({ ...body, voucher_id: quote.data?.voucher_id ?? body.voucher_id ?? null, pay_channel: channel, request_id: requestId });
      if (order.pay.kind === 'redirect') window.location.assign(order.pay.url);
      else navigate(`/pay_status?order_no=${encodeURIComponent(order.order_no)}`, { replace: true });
    } catch (err) {
      if (!(err instanceof ApiError)) toast('下单失败，请稍后再试');
      setPaying(false);
    }
  };

  return (
    <>
      <section className={styles.section} aria-label="支付方式">
        <h2 className={styles.sectionTitle}>支付方式</h2>
        {quote.isPending && body ? <p className={styles.reason}>正在计算价格…</p> : null}
        {quote.isError ? <p className={styles.reason} role="alert">{quote.error instanceof ApiError ? quote.error.message : '价格计算失败'}</p> : null}
        {channels.map((c) => (
          <label key={c.channel} className={`${styles.option} ${c.available ? '' : styles.disabled}`}>
            <span>
              {c.name}
              {!c.available && c.reason ? <span className={styles.reason}>（{c.reason}）</span> : null}
            </span>
            <input type="radio" name="channel" checked={channel === c.channel} disabled={!c.available} onChange={() => setPicked(c.channel)} />
          </label>
        ))}
        {quote.data && firstAvailable === null ? <p className={styles.reason}>暂无可用的支付方式，请联系客服</p> : null}
        {quote.data && quote.data.discount > 0 ? (
          <>
            <p className={styles.sum}>
              <span>商品金额</span>
              <span>¥{formatYuan(quote.data.total)}</span>
            </p>
            <p className={styles.sum}>
              <span>优惠券</span>
              <span>-¥{formatYuan(quote.data.discount)}</span>
            </p>
          </>
        ) : null}
      </section>
      <div className={styles.bar}>
        <span>
          实付 <span className={styles.price} data-testid="payable">¥{quote.data ? formatYuan(quote.data.payable) : '--'}</span>
        </span>
        <button type="button" className="app-btn app-btn--primary" disabled={!quote.data || channel === null || paying} onClick={pay}>
          {paying ? '正在下单…' : payLabel}
        </button>
      </div>
    </>
  );
}

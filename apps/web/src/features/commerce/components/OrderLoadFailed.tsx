// An order page that could not read the order (the network dropped, or the server failed) right
// after a payment: the money may already have been taken. Saying only 订单加载失败 left the holder
// to wonder whether to pay again (docs/decisions/0066). The block says the payment may have gone through, that
// the order updates by itself once the network is back (read again on the browser's online event:
// TanStack's own reconnect refetch did not fire for a query that failed), and
// that no second payment is needed — with 重试 (docs/decisions/0011: every failed load offers one).
import { useEffect, useRef, type ReactNode } from 'react';
import { ERROR_ICON, StateFrame } from '../../../components/StateFrame';
import { ApiError } from '../../../lib/api';
import styles from './OrderLoadFailed.module.css';

/** `more`: the page's other ways on, after 重试 (e.g. 我的订单). */
export function OrderLoadFailed({ error, onRetry, more }: { error: unknown; onRetry(): unknown; more?: ReactNode }) {
  const offline = error instanceof ApiError && (error.kind === 'network' || error.kind === 'timeout');
  // the promise below: the order is read again as soon as the phone is back online
  const retry = useRef(onRetry);
  retry.current = onRetry;
  useEffect(() => {
    const back = () => void retry.current();
    window.addEventListener('online', back);
    return () => window.removeEventListener('online', back);
  }, []);
  return (
    <StateFrame
      alert
      icon={ERROR_ICON}
      text={offline ? '网络连接中断，暂时查不到订单' : '服务暂时繁忙，暂时查不到订单'}
      action={
        <>
          <p className={styles.mayHavePaid} data-testid="may-have-paid">
            如果您刚刚已完成支付，款项可能已经扣除，
            {offline ? '订单会在网络恢复后自动更新' : '订单状态稍后即可查到'}，<strong>无需重复支付</strong>。
          </p>
          <button type="button" className="app-btn app-btn--ghost" onClick={() => void onRetry()}>
            重试
          </button>
          {more}
        </>
      }
    />
  );
}

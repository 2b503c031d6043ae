// What a payment result page shows and does while the server has not settled the order yet:
// it asks again every 1.5 s, and after a minute stops and lets the user check later.
import type { Order } from '@portal/contract';
import { useEffect, useState, type ReactNode } from 'react';
import { PageLoading } from '../../../components/PageLoading';
import styles from '../commerce.module.css';
import { resultPathOf } from '../model/labels';

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
 * While the result is awaited: what the user can do meanwhile (look at the order, pay again) shows
 * from the first second, so a payment left at the cashier never leaves a spinner with no way out.
 */
export function AwaitingResult({ children }: { children: ReactNode }) {
  return (
    <>
      <PageLoading label="支付结果确认中" />
      <p className={styles.resultText} style={{ textAlign: 'center' }}>
        支付结果确认中…
      </p>
      <p className={styles.resultText} style={{ textAlign: 'center' }}>
        如未完成付款，可在下方继续。
      </p>
      <div className={styles.actions}>{children}</div>
    </>
  );
}

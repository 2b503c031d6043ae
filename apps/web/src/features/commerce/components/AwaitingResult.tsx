// What a payment result page shows and does while the server has not settled the order yet:
// it asks again every 1.5 s, and after a minute stops and lets the user check later.
import type { Order } from '@portal/contract';
import { useEffect, useState } from 'react';
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

export function AwaitingResult() {
  return (
    <>
      <PageLoading label="支付结果确认中" />
      <p className={styles.resultText} style={{ textAlign: 'center' }}>
        支付结果确认中…
      </p>
    </>
  );
}

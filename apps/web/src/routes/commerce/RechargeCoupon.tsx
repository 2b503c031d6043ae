// /recharge_coupon — recharge details: every change of the balance, newest first. The balance
// is the sum of this ledger (the server keeps it so).
import { formatDateTime, formatYuan } from '@portal/domain';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useLedger } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { LEDGER_KIND_LABEL } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

function RechargeCouponPage() {
  const customNum = useStored('customNum');
  const ledger = useLedger(customNum);
  return (
    <div className={styles.page}>
      <PageHeader title="充值明细" fallback="/recharge" />
      {ledger.isPending ? (
        <PageLoading />
      ) : ledger.isError ? (
        <LoadFailed text="明细加载失败" onRetry={() => ledger.refetch()} />
      ) : (
        <>
          <section className={`${styles.section} ${styles.hero}`}>
            <p className={styles.meta}>卡号 {customNum}</p>
            <p className={styles.balanceLine}>
              <small>当前余额（元）</small>
              <span data-testid="ledger-balance">{formatYuan(ledger.data.balance)}</span>
            </p>
            <Link className={styles.heroBtn} to="/recharge">
              去充值
            </Link>
          </section>
          {ledger.data.list.length === 0 ? (
            <StateBlock kind="empty" text="暂无余额变动记录" />
          ) : (
            <ul className={styles.ledger} aria-label="余额明细">
              {ledger.data.list.map((e) => (
                <li key={e.id} className={styles.ledgerRow} data-testid="ledger-entry">
                  <div>
                    <p className={styles.ledgerKind}>{LEDGER_KIND_LABEL[e.kind] ?? e.kind}</p>
                    <p className={styles.reason}>{formatDateTime(e.created_at)}</p>
                    {e.order_no ? (
                      <Link className={styles.reason} to={`/order?order_no=${encodeURIComponent(e.order_no)}`}>
                        订单 {e.order_no}
                      </Link>
                    ) : null}
                  </div>
                  <div className={styles.ledgerRight}>
                    <p className={e.amount >= 0 ? styles.plus : styles.minus}>
                      {e.amount >= 0 ? '+' : '-'}¥{formatYuan(Math.abs(e.amount))}
                    </p>
                    <p className={styles.reason}>余额 ¥{formatYuan(e.balance_after)}</p>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </div>
  );
}

export default withQuery(RechargeCouponPage);

// /recharge_coupon — the balance history: every change of the balance, newest first — top-ups
// and gifts (收入), purchases paid from it (支出), refunds back to it or taken back from it —
// each with what it was for and the balance after it. The balance is the sum of this ledger
// (the server keeps it so).
import { formatDateTime, formatYuan, groupCardNumber } from '@portal/domain';
import { Link, useSearchParams } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useLedger } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import ownStyles from './RechargeCoupon.module.css';
import { ledgerEntryLabel } from '../../features/commerce/model/labels';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

const TABS = [
  { value: 'all', label: '全部' },
  { value: 'in', label: '收入' },
  { value: 'out', label: '支出' },
] as const;
const EMPTY = { all: '暂无余额变动记录', in: '暂无收入记录', out: '暂无支出记录' } as const;

function RechargeCouponPage() {
  const customNum = useStored('customNum');
  const [params, setParams] = useSearchParams();
  const direction = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'all';
  const ledger = useLedger(customNum, direction);
  const entries = ledger.data?.pages.flatMap((p) => p.list) ?? [];
  return (
    <div className={styles.page}>
      <PageHeader title="余额明细" fallback="/recharge" />
      {ledger.isPending ? (
        <PageLoading />
      ) : ledger.isError ? (
        <LoadFailed text="明细加载失败" onRetry={() => ledger.refetch()} />
      ) : (
        <>
          <section className={`${styles.section} ${styles.hero}`}>
            <p className={styles.meta}>卡号 {groupCardNumber(customNum ?? '')}</p>
            <p className={styles.balanceLine}>
              <small>当前余额（元）</small>
              <span data-testid="ledger-balance">{formatYuan(ledger.data.pages[0]!.balance)}</span>
            </p>
            <Link className={ownStyles.heroBtn} to="/recharge">
              去充值
            </Link>
          </section>
          <div className={ownStyles.ledTabs} role="tablist" aria-label="明细分类">
            {TABS.map((t) => (
              <button
                key={t.value}
                type="button"
                role="tab"
                aria-selected={direction === t.value}
                className={`${ownStyles.ledTab} ${direction === t.value ? ownStyles.ledTabActive : ''}`}
                onClick={() => setParams(t.value === 'all' ? {} : { tab: t.value }, { replace: true })}
              >
                {t.label}
              </button>
            ))}
          </div>
          {entries.length === 0 ? (
            <StateBlock kind="empty" text={EMPTY[direction]} />
          ) : (
            <ul className={ownStyles.ledger} aria-label="余额明细">
              {entries.map((e) => {
                const label = ledgerEntryLabel(e.kind, e.amount);
                const income = label.direction === '收入';
                return (
                  <li key={e.id} className={ownStyles.ledgerRow} data-testid="ledger-entry">
                    <div>
                      <p className={ownStyles.ledWhat}>{e.note || label.kind}</p>
                      <p className={ownStyles.ledSub}>
                        <span className={`${ownStyles.ledDir} ${income ? ownStyles.ledDirIn : ownStyles.ledDirOut}`}>
                          {label.direction}
                        </span>
                        {label.kind} · {formatDateTime(e.created_at)}
                      </p>
                      {e.order_no ? (
                        <Link className={ownStyles.ledOrderLink} to={`/order?order_no=${encodeURIComponent(e.order_no)}`}>
                          查看订单
                        </Link>
                      ) : null}
                    </div>
                    <div>
                      <p className={income ? ownStyles.ledAmountIn : ownStyles.ledAmountOut}>
                        {income ? '+' : '-'}¥{formatYuan(Math.abs(e.amount))}
                      </p>
                      <p className={ownStyles.ledAfter}>余额 ¥{formatYuan(e.balance_after)}</p>
                    </div>
                  </li>
                );
              })}
            </ul>
          )}
          {ledger.hasNextPage ? (
            <div className={styles.ordMore}>
              <button
                type="button"
                className="app-btn app-btn--ghost"
                disabled={ledger.isFetchingNextPage}
                onClick={() => ledger.fetchNextPage()}
              >
                {ledger.isFetchingNextPage ? '加载中…' : '加载更多'}
              </button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}

export default withQuery(RechargeCouponPage);

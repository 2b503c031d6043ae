// /flow_list — cumulative use of the current card: the total and each month.
import { formatDateTime, formatKb, groupCardNumber } from '@portal/domain';
import { CopyButton } from '../../components/CopyButton';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { StatusTag } from '../../features/cards/components/StatusTag';
import { useFlowStatistics } from '../../features/usage/api/flowStatistics';
import { monthLabel } from '../../features/usage/model/chartScale';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';
import styles from './FlowList.module.css';

function FlowListPage() {
  const customNum = useStored('customNum');
  const cardInfo = useStored('cardInfo');
  const stats = useFlowStatistics(customNum);

  if (stats.isPending) {
    return (
      <div className={styles.page}>
        <PageHeader title="累计用量" fallback="/flow" />
        <PageLoading />
      </div>
    );
  }
  if (stats.isError) {
    return (
      <div className={styles.page}>
        <PageHeader title="累计用量" fallback="/flow" />
        <LoadFailed text="累计用量加载失败" onRetry={() => stats.refetch()} />
      </div>
    );
  }

  const { total_used_kb, months, synced_at } = stats.data;
  // Newest month first: that is the one people look for.
  const rows = [...months].sort((a, b) => b.month.localeCompare(a.month));
  const max = rows.reduce((m, r) => Math.max(m, r.used_kb), 0);

  return (
    <div className={styles.page}>
      <PageHeader title="累计用量" fallback="/flow" />
      <section className={styles.total}>
        <p className={styles.totalLabel}>累计已用流量</p>
        <p className={styles.totalValue} data-testid="total-used">
          {formatKb(total_used_kb)}
        </p>
        <p className={styles.totalMeta}>
          卡号 {groupCardNumber(customNum ?? '')}
          {customNum && <CopyButton text={customNum} label="卡号" />}
          {cardInfo && cardInfo.custom_num === customNum && <StatusTag state={cardInfo.state} onDark />} · 数据更新于{' '}
          {formatDateTime(synced_at)}
        </p>
      </section>

      <section className={styles.months} aria-label="每月用量">
        <h2 className={styles.heading}>按月统计</h2>
        {rows.length === 0 ? (
          <StateBlock kind="empty" text="暂无用量记录" />
        ) : (
          <ul className={styles.list}>
            {rows.map((r) => (
              <li key={r.month} className={styles.row}>
                <div className={styles.rowTop}>
                  <span>{monthLabel(r.month)}</span>
                  <strong>{formatKb(r.used_kb)}</strong>
                </div>
                <div className={styles.track} aria-hidden="true">
                  <div className={styles.fill} style={{ width: `${max > 0 ? Math.max(2, (r.used_kb / max) * 100) : 0}%` }} />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

export default withQuery(FlowListPage);

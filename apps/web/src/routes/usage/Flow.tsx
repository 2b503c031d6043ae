// /flow — data usage of the current card: package used/remaining, today, this month, the last
// 30 days by day, and when the carrier figures were taken (they lag) with a refresh.
import { formatDate, formatDateTime, formatKb } from '@portal/domain';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { Panel } from '../../components/Panel';
import { LoadFailed } from '../../components/StateBlock';
import { useDailyFlow } from '../../features/usage/api/dailyFlow';
import { useFlow } from '../../features/usage/api/flow';
import { useFlowSync } from '../../features/usage/api/flowSync';
import { DailyUsageChart } from '../../features/usage/components/DailyUsageChart';
import { UsageBar } from '../../features/usage/components/UsageBar';
import { flowNote } from '../../features/usage/model/flowNote';
import { syncMessage, usedPercent } from '../../features/usage/model/syncMessage';
import { cardGate } from '@portal/domain';
import { brandingStore } from '../../features/branding/model/brandingStore';
import { stepStillNeeded } from '../../features/gating/model/prompt';
import { withQuery } from '../../lib/query';
import { toast } from '../../lib/toast';
import { useStored } from '../../lib/useStored';
import styles from './Flow.module.css';

function FlowPage() {
  const customNum = useStored('customNum');
  const flow = useFlow(customNum);
  const daily = useDailyFlow(customNum);
  const sync = useFlowSync(customNum);
  const pkg = flow.data?.package;
  // what the card still needs (a package, real-name …): said here, with its page, never a redirect
  const cardInfo = useStored('cardInfo');
  const gate = customNum
    ? stepStillNeeded(
        cardGate(cardInfo?.custom_num === customNum ? cardInfo : undefined, {
          openBalanceRecharge: brandingStore.view().openBalanceRecharge,
        }),
        { customNum, routeName: 'flow' },
      )
    : null;
  // a card on another carrier's platform says so before anything else: these figures will not move
  const needed = flowNote(gate, flow.data?.line.problem);

  async function refresh() {
    try {
      toast(syncMessage(await sync.mutateAsync()));
    } catch {
      // the API client has shown why
    }
  }

  if (flow.isError && !flow.data) {
    return (
      <div className={styles.page}>
        <PageHeader title="流量查询" />
        <LoadFailed text="流量数据加载失败" onRetry={() => flow.refetch()} />
      </div>
    );
  }

  return (
    <div className={styles.page}>
      <PageHeader title="流量查询" />

      {needed && (
        <p className={styles.needed} role="note" data-testid="flow-needed">
          <span>{needed.message}</span>
          <Link to={needed.to} className={styles.neededGo}>
            {needed.label}
          </Link>
        </p>
      )}

      <section className={styles.summary} aria-label="套餐用量">
        <p className={styles.caption}>{pkg ? pkg.name : flow.data ? '当前没有生效中的套餐' : '加载中…'}</p>
        <p className={styles.remaining}>
          <span className={styles.remainingLabel}>剩余流量</span>
          <span className={styles.remainingValue} data-testid="remaining">
            {pkg ? formatKb(pkg.remaining_kb) : '--'}
          </span>
        </p>
        {pkg && (
          <>
            <UsageBar usedKb={pkg.used_kb} totalKb={pkg.total_kb} />
            <div className={styles.pkgNumbers}>
              <span>
                已用 {formatKb(pkg.used_kb)}（{usedPercent(pkg.used_kb, pkg.total_kb)}%）
              </span>
              <span>共 {formatKb(pkg.total_kb)}</span>
            </div>
            <p className={styles.period}>
              {formatDate(pkg.started_at)} 至 {pkg.valid_until || '-'}
            </p>
          </>
        )}
        {!flow.data && (
          // while the figures are on their way the package's rows keep their room, drawn empty: the
          // stats, the chart and the links below do not move down when they come (CLS)
          <div className={styles.pkgRoom} aria-hidden="true">
            <UsageBar usedKb={0} totalKb={0} />
            <div className={styles.pkgNumbers}>
              <span>已用 --</span>
              <span>共 --</span>
            </div>
            <p className={styles.period}>-</p>
          </div>
        )}
      </section>

      <section className={styles.stats}>
        <div className={styles.stat}>
          <span className={styles.statValue} data-testid="today-used">
            {flow.data ? formatKb(flow.data.today_used_kb) : '--'}
          </span>
          <span className={styles.statLabel}>今日已用</span>
        </div>
        <div className={styles.stat}>
          <span className={styles.statValue}>{flow.data ? formatKb(flow.data.month_used_kb) : '--'}</span>
          <span className={styles.statLabel}>本月已用</span>
        </div>
      </section>

      <div className={styles.syncRow}>
        <span data-testid="synced-at">数据更新于 {flow.data ? formatDateTime(flow.data.synced_at) : '-'}</span>
        <button type="button" className={styles.refresh} onClick={refresh} disabled={sync.isPending || !customNum}>
          <svg viewBox="0 0 24 24" aria-hidden="true" className={sync.isPending ? styles.spinning : undefined}>
            <path d="M20 11a8 8 0 1 0-2.3 5.7M20 4v7h-7" />
          </svg>
          {sync.isPending ? '刷新中' : '刷新'}
        </button>
      </div>

      <Panel title="近30天用量">
        {daily.data ? (
          daily.data.records.length > 0 ? (
            <DailyUsageChart records={daily.data.records} />
          ) : (
            <p className={styles.muted}>暂无用量记录</p>
          )
        ) : daily.isError ? (
          <p className={styles.muted}>每日用量暂时无法获取</p>
        ) : (
          <div className={styles.chartSkeleton} />
        )}
      </Panel>

      <Link to="/flow_list" className={styles.link}>
        <span>累计用量</span>
        <span className={styles.linkGo}>按月查看 ›</span>
      </Link>

      <p className={styles.note}>运营商流量数据存在一定延迟，仅供参考，请以运营商账单为准。</p>
    </div>
  );
}

export default withQuery(FlowPage);

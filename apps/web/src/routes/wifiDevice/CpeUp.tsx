// /cpe_up — upgrade the device card's package to a bigger one: the package in force (data left,
// 有效期至) and each upgrade with the server's quote (流量 300GB → 500GB，立即生效，有效期不变至 …,
// 补差价 ¥X). When the card cannot upgrade the page says why and offers 去续订 / 订购套餐. The card
// is the current device's, which may differ from the portal's current card.
import { formatKb, formatYuan, groupCardNumber, kbLabel } from '@portal/domain';
import { formatValidUntil } from '@portal/domain/validity';
import { Link } from '../../lib/router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { useCardUsage } from '../../features/devices/api/cardUsage';
import { useCurrentDevice } from '../../features/devices/api/useCurrentDevice';
import { NoDevice } from '../../features/devices/components/views';
import { useUpgradeOptions } from '../../features/upgrade/api/upgrade';
import { UpgradeRefused } from '../../features/upgrade/components/UpgradeRefused';
import { withQuery } from '../../lib/query';
import styles from './CpeUp.module.css';

function CpeUpPage() {
  const { loggedIn, list, device } = useCurrentDevice();
  const customNum = device?.custom_num;
  const options = useUpgradeOptions(customNum);
  const { flow } = useCardUsage(customNum);
  const remaining = flow.data?.package?.remaining_kb;

  if (!loggedIn || (list.data && !device)) {
    return (
      <div className={styles.page}>
        <PageHeader title="套餐升级" fallback="/cpe" />
        <NoDevice loggedIn={loggedIn} />
      </div>
    );
  }
  if ((list.isError && !list.data) || options.isError) {
    return (
      <div className={styles.page}>
        <PageHeader title="套餐升级" fallback="/cpe" />
        <LoadFailed text="升级信息加载失败" onRetry={() => (list.isError ? list.refetch() : options.refetch())} />
      </div>
    );
  }
  if (!options.data) {
    return (
      <div className={styles.page}>
        <PageHeader title="套餐升级" fallback="/cpe" />
        <PageLoading />
      </div>
    );
  }
  const { current, refusal, options: list2 } = options.data;

  return (
    <div className={styles.page}>
      <PageHeader title="套餐升级" fallback="/cpe" />
      <section className={styles.current} aria-label="当前套餐" data-testid="current-package">
        <p className={styles.label}>当前套餐 · 卡号 {groupCardNumber(customNum ?? '')}</p>
        <h2 className={styles.name}>{current?.name ?? '暂无生效中的套餐'}</h2>
        {current ? (
          <div className={styles.stats}>
            <div className={styles.stat}>
              <strong data-testid="current-remaining">{remaining !== undefined ? formatKb(remaining) : '--'}</strong>
              <span>剩余流量</span>
            </div>
            <div className={styles.stat}>
              <strong data-testid="current-total">{kbLabel(current.total_kb)}</strong>
              <span>套餐流量</span>
            </div>
            <div className={styles.stat}>
              <strong data-testid="current-valid-until">{formatValidUntil(current.expired_at)}</strong>
              <span>有效期至</span>
            </div>
          </div>
        ) : null}
      </section>

      {refusal ? <UpgradeRefused refusal={refusal} /> : null}

      {list2.length > 0 ? (
        <section aria-label="可升级的套餐">
          <h2 className={styles.heading}>升级为更大的套餐</h2>
          <p className={styles.hint}>升级后新流量立即可用，有效期不变；原套餐未使用的部分按剩余天数折算抵扣。</p>
          <ul className={styles.options}>
            {list2.map((o) =>
              o.upgrade ? (
                <li key={o.package.id}>
                  <Link className={styles.option} to={`/cpe_up_detail?package_id=${o.package.id}`} data-testid="upgrade-option">
                    <span className={styles.optionHead}>
                      <span className={styles.optionName}>
                        {o.package.name}
                        {o.package.recommended ? <span className={styles.tag}>推荐</span> : null}
                      </span>
                      <span className={styles.optionPrice}>
                        补差价 <strong>¥{formatYuan(o.upgrade.payable)}</strong>
                      </span>
                    </span>
                    <span className={styles.change}>{o.upgrade.text}</span>
                    <span className={styles.optionFoot}>
                      <span>
                        月费 ¥{formatYuan(o.package.price)} · 抵扣 ¥{formatYuan(o.upgrade.credit)}
                      </span>
                      <span className={styles.go}>去升级</span>
                    </span>
                  </Link>
                </li>
              ) : null,
            )}
          </ul>
        </section>
      ) : !refusal ? (
        <StateBlock kind="empty" text="暂无可升级的套餐" />
      ) : null}
    </div>
  );
}

export default withQuery(CpeUpPage);

// /combo — the packages of the current card's series (prices from the server, per agent),
// one tab per package type; the recommended ones carry a mark.
import type { Package } from '@portal/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { usePackages } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { PackageSummary } from '../../features/commerce/components/PackageSummary';
import { groupByType } from '../../features/commerce/model/packages';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

const ALL = 0;

function ComboPage() {
  const customNum = useStored('customNum');
  const cardInfo = useStored('cardInfo');
  const packages = usePackages(customNum);
  const [tab, setTab] = useState(ALL);
  const groups = groupByType(packages.data?.list ?? []);
  const shown = tab === ALL ? groups : groups.filter((g) => g.type === tab);
  const multiSeries = cardInfo?.custom_num === customNum && cardInfo?.multi_series;

  return (
    <div className={styles.page}>
      <PageHeader
        title="订购套餐"
        right={
          multiSeries ? (
            <Link className={styles.headerLink} to="/select?form=combo">
              切换系列
            </Link>
          ) : undefined
        }
      />
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <LoadFailed text="套餐加载失败" onRetry={() => packages.refetch()} />
      ) : groups.length === 0 ? (
        <StateBlock kind="empty" text="暂无可订购的套餐，请联系客服" />
      ) : (
        <>
          <p className={styles.cardLine}>
            为卡号 <strong>{customNum}</strong> 订购
          </p>
          {groups.length > 1 ? (
            <div className={styles.tabs} role="tablist" aria-label="套餐类型">
              {[{ type: ALL, label: '全部' }, ...groups].map((g) => (
                <button
                  key={g.type}
                  type="button"
                  role="tab"
                  aria-selected={tab === g.type}
                  className={`${styles.tab} ${tab === g.type ? styles.tabActive : ''}`}
                  onClick={() => setTab(g.type)}
                >
                  {g.label}
                </button>
              ))}
            </div>
          ) : null}
          {shown.map((g) => (
            <section key={g.type} aria-label={g.label}>
              {tab === ALL && groups.length > 1 ? <h2 className={styles.groupTitle}>{g.label}</h2> : null}
              <ul className={styles.list}>
                {g.list.map((p) => (
                  <li key={p.id}>
                    <PackageCard p={p} />
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </>
      )}
    </div>
  );
}

function PackageCard({ p }: { p: Package }) {
  return (
    <Link
      className={`${styles.item} ${p.recommended ? styles.itemRecommended : ''}`}
      to={`/combo_detail?package_id=${p.id}`}
      data-testid="package"
    >
      <PackageSummary p={p} />
      {p.description ? <p className={styles.desc}>{p.description}</p> : null}
    </Link>
  );
}

export default withQuery(ComboPage);

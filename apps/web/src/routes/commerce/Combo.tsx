// /combo?type= — the packages of the current card's series (prices from the server, per agent),
// one tab per package type; the recommended ones carry a mark. Each says what it does to this
// card (the server's effect); one that cannot be bought for it (a refuel without a package in
// force) says why and leads to the base packages instead of to a payment.
import type { Package } from '@portal/contract';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../components/StateBlock';
import { usePackages } from '../../features/commerce/api/commerce';
import styles from '../../features/commerce/commerce.module.css';
import { PackageSummary } from '../../features/commerce/components/PackageSummary';
import { baseGroupOf, canBuy, groupByType } from '../../features/commerce/model/packages';
import { withQuery } from '../../lib/query';
import { useStored } from '../../lib/useStored';

const ALL = 0;

function ComboPage() {
  const customNum = useStored('customNum');
  const cardInfo = useStored('cardInfo');
  const packages = usePackages(customNum);
  const [params] = useSearchParams();
  const [tabChoice, setTab] = useState<number | 'base'>(params.get('type') === 'base' ? 'base' : Number(params.get('type')) || ALL);
  const groups = groupByType(packages.data?.list ?? []);
  const base = baseGroupOf(groups);
  const tab = tabChoice === 'base' ? (base?.type ?? ALL) : tabChoice;
  const toBase = base && groups.length > 1 ? () => setTab(base.type) : undefined;
  const shown = tab === ALL ? groups : groups.filter((g) => g.type === tab);
  const multiSeries = cardInfo?.custom_num === customNum && cardInfo?.multi_series;

  return (
    <div className={styles.page}>
      <PageHeader
        title="订购套餐"
        right={
          multiSeries ? (
            <Link className={styles.headerLink} to="/select?form=combo">
              选择系列
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
                    <PackageCard p={p} toBase={toBase} />
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

function PackageCard({ p, toBase }: { p: Package; toBase: (() => void) | undefined }) {
  if (!canBuy(p)) {
    return (
      <div className={`${styles.item} ${styles.itemUnavailable}`} data-testid="package">
        <PackageSummary p={p} />
        {toBase ? (
          <button type="button" className={styles.effectAction} onClick={toBase}>
            查看基础套餐
          </button>
        ) : null}
      </div>
    );
  }
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

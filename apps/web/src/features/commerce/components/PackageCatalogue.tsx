// The packages a card may buy, one tab per package type, the recommended ones marked: the body of
// /combo (the current card) and /cpe_combo (the current device's card). Each says what it does to
// this card (the server's effect); one that cannot be bought for it (a refuel without a package in
// force) says why and leads to the base packages instead of to a payment.
import { groupCardNumber } from '@portal/domain';
import type { Package } from '@portal/contract';
import { useState, type ReactNode } from 'react';
import { Code } from '@portal/contract/codes';
import { ApiError } from '../../../lib/api';
import { Link } from '../../../lib/router';
import { PageLoading } from '../../../components/PageLoading';
import { LoadFailed, StateBlock } from '../../../components/StateBlock';
import { usePackages } from '../api/commerce';
import styles from '../commerce.module.css';
import ownStyles from './PackageCatalogue.module.css';
import { baseGroupOf, canBuy, groupByType, recommendedIn } from '../model/packages';
import { PackageSummary } from './PackageSummary';

const ALL = 0;

interface Props {
  customNum: string | undefined;
  /** the `type` of the address: a package type, or 'base' for the base packages */
  initialType: string | null;
  /** the page that orders one package */
  detailPathOf: (packageId: number) => string;
  /** whom the packages are for (default: 为卡号 … 订购) */
  forWhom?: ReactNode;
}

export function PackageCatalogue({ customNum, initialType, detailPathOf, forWhom }: Props) {
  const packages = usePackages(customNum);
  const [tabChoice, setTab] = useState<number | 'base'>(initialType === 'base' ? 'base' : Number(initialType) || ALL);
  const groups = groupByType(packages.data?.list ?? []);
  const recommended = recommendedIn(packages.data?.list ?? []);
  const base = baseGroupOf(groups);
  const tab = tabChoice === 'base' ? (base?.type ?? ALL) : tabChoice;
  const toBase = base && groups.length > 1 ? () => setTab(base.type) : undefined;
  const shown = tab === ALL ? groups : groups.filter((g) => g.type === tab);

  if (packages.isPending) return <PageLoading />;
  // a cancelled card is offered nothing to buy (the server refuses the list): say why and where to go
  if (packages.error instanceof ApiError && packages.error.code === Code.CARD_CANCELLED)
    return (
      <StateBlock
        kind="empty"
        text="该卡已销户，不能再订购套餐。如有疑问请联系客服"
        action={
          <Link className="app-btn app-btn--primary" to="/customer?form=combo">
            联系客服
          </Link>
        }
      />
    );
  if (packages.isError) return <LoadFailed text="套餐加载失败" onRetry={() => packages.refetch()} />;
  if (groups.length === 0) return <StateBlock kind="empty" text="暂无可订购的套餐，请联系客服" />;
  return (
    <>
      <p className={styles.cardLine}>
        {forWhom ?? (
          <>
            为卡号 <strong>{groupCardNumber(customNum ?? '')}</strong> 订购
          </>
        )}
      </p>
      {groups.length > 1 ? (
        <div className={ownStyles.tabs} role="tablist" aria-label="套餐类型">
          {[{ type: ALL, label: '全部' }, ...groups].map((g) => (
            <button
              key={g.type}
              type="button"
              role="tab"
              aria-selected={tab === g.type}
              className={`${ownStyles.tab} ${tab === g.type ? ownStyles.tabActive : ''}`}
              onClick={() => setTab(g.type)}
            >
              {g.label}
            </button>
          ))}
        </div>
      ) : null}
      {shown.map((g) => (
        <section key={g.type} aria-label={g.label}>
          {tab === ALL && groups.length > 1 ? <h2 className={ownStyles.groupTitle}>{g.label}</h2> : null}
          <ul className={styles.list}>
            {g.list.map((p) => (
              <li key={p.id}>
                <PackageCard p={p} recommended={recommended(p)} toBase={toBase} to={detailPathOf(p.id)} />
              </li>
            ))}
          </ul>
        </section>
      ))}
    </>
  );
}

function PackageCard({ p, recommended, toBase, to }: { p: Package; recommended: boolean; toBase: (() => void) | undefined; to: string }) {
  if (!canBuy(p)) {
    return (
      <div className={`${styles.item} ${styles.itemUnavailable}`} data-testid="package">
        <PackageSummary p={p} recommended={recommended} />
        {toBase ? (
          <button type="button" className={ownStyles.effectAction} onClick={toBase}>
            查看基础套餐
          </button>
        ) : null}
      </div>
    );
  }
  return (
    <Link className={`${styles.item} ${recommended ? styles.itemRecommended : ''}`} to={to} data-testid="package">
      <PackageSummary p={p} recommended={recommended} />
      {p.description ? <p className={styles.desc}>{p.description}</p> : null}
    </Link>
  );
}

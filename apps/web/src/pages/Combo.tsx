// /combo — the packages of the current card's series (prices from the server, per agent).
import { formatYuan } from '@portal/domain';
import { Link } from 'react-router';
import { PageHeader } from '../components/PageHeader';
import { PageLoading } from '../components/PageLoading';
import { StateBlock } from '../components/StateBlock';
import { usePackages } from '../features/commerce/api/commerce';
import styles from '../features/commerce/commerce.module.css';
import { flowLabel, PACKAGE_TYPE_LABEL, periodLabel } from '../features/commerce/model/labels';
import { withQuery } from '../lib/query';
import { useStored } from '../lib/useStored';

function ComboPage() {
  const customNum = useStored('customNum');
  const packages = usePackages(customNum);
  return (
    <div className={styles.page}>
      <PageHeader title="订购套餐" />
      {packages.isPending ? (
        <PageLoading />
      ) : packages.isError ? (
        <StateBlock kind="error" text="套餐加载失败" action={<button type="button" className="app-btn app-btn--ghost" onClick={() => packages.refetch()}>重新加载</button>} />
      ) : packages.data.list.length === 0 ? (
        <StateBlock kind="empty" text="暂无可订购的套餐，请联系客服" />
      ) : (
        <ul className={styles.list} aria-label="套餐列表">
          {packages.data.list.map((p) => (
            <li key={p.id}>
              <Link className={styles.item} to={`/combo_detail?package_id=${p.id}`} data-testid="package">
                <div className={styles.row}>
                  <span className={styles.name}>
                    {p.name}
                    {p.recommended && <span className={styles.tag}>推荐</span>}
                  </span>
                  <span className={styles.price}>
                    ¥{formatYuan(p.price)}
                    {p.original_price > p.price && <span className={styles.original}>¥{formatYuan(p.original_price)}</span>}
                  </span>
                </div>
                <p className={styles.meta}>
                  {PACKAGE_TYPE_LABEL[p.package_type] ?? '套餐'} · {flowLabel(p.flow_mb)} · 有效期{periodLabel(p.period, p.period_count)}
                </p>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export default withQuery(ComboPage);

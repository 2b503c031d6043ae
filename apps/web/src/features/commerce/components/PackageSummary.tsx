import type { Package } from '@portal/contract';
import { formatYuan } from '@portal/domain';
import styles from '../commerce.module.css';
import { flowLabel, PACKAGE_TYPE_LABEL, periodLabel } from '../model/labels';

/** What a package card shows, wherever it is chosen (the combo list, quick payment). */
export function PackageSummary({ p }: { p: Package }) {
  return (
    <>
      {p.recommended ? <span className={styles.ribbon}>推荐</span> : null}
      <div className={styles.row}>
        <span className={styles.name} data-testid="package-name">
          {p.name}
        </span>
        <span className={styles.price}>
          <small>¥</small>
          {formatYuan(p.price)}
        </span>
      </div>
      <div className={styles.row}>
        <p className={styles.meta}>
          {PACKAGE_TYPE_LABEL[p.package_type] ?? '套餐'} · {flowLabel(p.flow_mb)} · 有效期{periodLabel(p.period, p.period_count)}
        </p>
        {p.original_price > p.price ? <span className={styles.original}>原价¥{formatYuan(p.original_price)}</span> : null}
      </div>
    </>
  );
}

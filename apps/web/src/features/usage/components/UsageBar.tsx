import { usedPercent } from '../model/syncMessage';
import styles from './UsageBar.module.css';

/** Package progress: how much of the package is used. */
export function UsageBar({ usedKb, totalKb, label = '套餐用量' }: { usedKb: number; totalKb: number; label?: string }) {
  const pct = usedPercent(usedKb, totalKb);
  const tone = pct >= 90 ? styles.danger : pct >= 70 ? styles.warning : '';
  return (
    <div className={styles.track} role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={pct}>
      <div className={`${styles.fill} ${tone}`} style={{ width: `${pct}%` }} />
    </div>
  );
}

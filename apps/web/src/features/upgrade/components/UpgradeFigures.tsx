// The server's quote of an upgrade, line by line: what changes, and how the amount is made.
import type { UpgradeChange } from '@portal/contract';
import { formatYuan, kbLabel } from '@portal/domain';
import styles from './upgrade.module.css';

export function UpgradeFigures({ change }: { change: UpgradeChange }) {
  return (
    <dl className={styles.figures} data-testid="upgrade-figures">
      <div className={styles.figure}>
        <dt>套餐</dt>
        <dd>
          {change.from_name} → {change.to_name}
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>流量</dt>
        <dd>
          {kbLabel(change.from_kb)} → <strong>{kbLabel(change.to_kb)}</strong>
        </dd>
      </div>
      <div className={styles.figure}>
        <dt>生效</dt>
        <dd>支付后立即生效</dd>
      </div>
      <div className={styles.figure}>
        <dt>有效期至</dt>
        <dd>{change.valid_until}（不变）</dd>
      </div>
      <div className={styles.figure}>
        <dt>新套餐剩余{change.remaining_days}天费用</dt>
        <dd>¥{formatYuan(change.charge)}</dd>
      </div>
      <div className={styles.figure}>
        <dt>原套餐未使用部分抵扣</dt>
        <dd className={styles.credit}>-¥{formatYuan(change.credit)}</dd>
      </div>
      <div className={`${styles.figure} ${styles.figureTotal}`}>
        <dt>补差价</dt>
        <dd data-testid="upgrade-payable">¥{formatYuan(change.payable)}</dd>
      </div>
    </dl>
  );
}

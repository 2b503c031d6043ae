// Why there is no upgrade, with what to do instead (the server's reason and action).
import type { UpgradeRefusal } from '@portal/contract';
import { Link } from '../../../lib/router';
import { refusalAction } from '../model/refusalAction';
import styles from './upgrade.module.css';

export function UpgradeRefused({ refusal }: { refusal: UpgradeRefusal }) {
  const action = refusalAction(refusal.action);
  return (
    <section className={styles.refused} aria-label="无法升级" data-testid="upgrade-refused">
      <p className={styles.refusedTitle}>暂不能升级</p>
      <p className={styles.refusedReason} role="alert">
        {refusal.reason}
      </p>
      {action ? (
        <Link className="app-btn app-btn--primary app-btn--block" to={action.to}>
          {action.label}
        </Link>
      ) : null}
    </section>
  );
}

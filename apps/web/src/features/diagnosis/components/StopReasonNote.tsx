import type { Fix } from '@portal/contract';
import { Link } from '../../../lib/router';
import { fixTarget } from '../model/fixTarget';
import styles from './StopReasonNote.module.css';

/**
 * What is wrong with a card's line (a stop reason, or the line's one problem from the server's read
 * model), in words, with the one fix — where the portal shows a card's state (card list). The
 * owner's view: the card is theirs.
 */
export function StopReasonNote({
  reason,
  customNum,
  onBeforeFix,
}: {
  reason: { title: string; detail: string; fix: Fix | null };
  customNum: string;
  onBeforeFix?: () => void;
}) {
  const target = reason.fix ? fixTarget(reason.fix, { owner: true, customNum }) : null;
  return (
    <div className={styles.note} role="note" data-testid="stop-reason">
      <p className={styles.text}>
        <strong>{reason.title}</strong>：{reason.detail}
      </p>
      <div className={styles.actions}>
        {target?.kind === 'page' && (
          <Link to={target.path} className={styles.fix} onClick={onBeforeFix}>
            {reason.fix!.text}
          </Link>
        )}
        <Link to={`/card_check?custom_num=${encodeURIComponent(customNum)}`} className={styles.more}>
          智能检测
        </Link>
      </div>
    </div>
  );
}

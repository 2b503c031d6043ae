import type { DiagnosisCheck, Fix } from '@portal/contract';
import { useNavigate } from '../../../lib/router';
import { fixTarget } from '../model/fixTarget';
import { useReveal } from '../model/useReveal';
import styles from './diagnosis.module.css';

const STATUS_LABEL = { ok: '正常', problem: '异常', unknown: '无法判断' } as const;

interface Props {
  checks: DiagnosisCheck[];
  /** the answer's identity: a new one runs the progress again */
  runKey: unknown;
  headline: string;
  overall: DiagnosisCheck['status'];
  owner: boolean;
  customNum: string;
  onRefresh?: () => void;
  refreshing?: boolean;
  /** runs before a fix's page opens */
  onBeforeFix?: () => void;
}

/**
 * The verdict at the top as soon as the answer is here (what the holder came for), then the checks
 * beneath it one by one, each problem with its button.
 */
export function CheckList({ checks, runKey, headline, overall, owner, customNum, onRefresh, refreshing, onBeforeFix }: Props) {
  const navigate = useNavigate();
  const shown = useReveal(checks.length, runKey);
  const done = shown >= checks.length;

  function follow(fix: Fix) {
    const target = fixTarget(fix, { owner, customNum });
    if (target.kind === 'refresh') onRefresh?.();
    else {
      onBeforeFix?.();
      navigate(target.path);
    }
  }

  return (
    <section className={styles.result} aria-label="检测结果" aria-busy={!done}>
      <p className={`${styles.headline} ${styles[`headline_${overall}`]}`} role="status" data-testid="diagnosis-headline">
        {headline}
      </p>
      <ol className={styles.checks}>
        {checks.map((c, i) =>
          i < shown ? (
            <li key={c.key} className={styles.check} data-check={c.key} data-status={c.status}>
              {checkBody(c, () => follow(c.fix!), refreshing)}
            </li>
          ) : (
            // the check's room, kept while the ones above it appear: what is below the list (刷新数据,
            // the records) stays where it first painted (CLS). Another key, so the check's own
            // element is new when it shows and plays its entrance.
            <li key={`${c.key}-room`} className={`${styles.check} ${styles.room}`} aria-hidden="true">
              {checkBody(c, undefined, refreshing)}
            </li>
          ),
        )}
      </ol>
    </section>
  );
}

function checkBody(c: DiagnosisCheck, onFix: (() => void) | undefined, refreshing: boolean | undefined) {
  return (
    <>
      <div className={styles.checkHead}>
        <span className={styles.checkTitle}>{c.title}</span>
        <span className={`${styles.badge} ${styles[`badge_${c.status}`]}`}>{STATUS_LABEL[c.status]}</span>
      </div>
      <p className={styles.verdict}>{c.verdict}</p>
      {c.fix && c.status !== 'ok' && (
        <button
          type="button"
          className={`app-btn ${c.status === 'problem' ? 'app-btn--primary' : 'app-btn--ghost'} ${styles.fix}`}
          onClick={onFix}
          disabled={c.fix.kind === 'refresh' && refreshing}
        >
          {c.fix.kind === 'refresh' && refreshing ? '刷新中…' : c.fix.text}
        </button>
      )}
    </>
  );
}

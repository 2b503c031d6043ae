// A card replacement's progress as the server says it (modules/replacement/progress.ts): the
// title, what happens next (the courier and tracking number once shipped) and the three steps.
// Home shows it while the new card is on its way; /replace_info always.
import type { ReplacementProgress } from '@portal/contract';
import styles from './ReplacementSteps.module.css';

export function ReplacementSteps({ progress }: { progress: ReplacementProgress }) {
  return (
    <div className={styles.box} data-testid="replacement-progress" data-status={progress.status}>
      <p className={styles.title}>{progress.title}</p>
      <p className={styles.detail}>{progress.detail}</p>
      <ol className={styles.steps}>
        {progress.steps.map((s) => (
          <li key={s.label} className={`${styles.step} ${styles[s.state]}`} aria-current={s.state === 'current' ? 'step' : undefined}>
            <span className={styles.dot} aria-hidden="true" />
            <span className={styles.label}>{s.label}</span>
          </li>
        ))}
      </ol>
    </div>
  );
}

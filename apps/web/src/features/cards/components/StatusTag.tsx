import { lineStatus } from '../model/cardStatus';
import styles from './StatusTag.module.css';

/**
 * Card status label in its colour (docs/spec/portal-spec.md §3, card status); with the line's
 * problem code where the page has it, so the chip never contradicts the problem (lineStatus).
 */
export function StatusTag({ state, problem, onDark = false }: { state: number; problem?: string | null; onDark?: boolean }) {
  const { label, tone } = lineStatus(state, problem);
  return <span className={`${styles.tag} ${styles[tone]} ${onDark ? styles.onDark : ''}`}>{label}</span>;
}

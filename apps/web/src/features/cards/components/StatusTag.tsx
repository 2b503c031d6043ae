import { cardStatus } from '../model/cardStatus';
import styles from './StatusTag.module.css';

/** Card status label in its colour (docs/spec/portal-spec.md §3, card status). */
export function StatusTag({ state, onDark = false }: { state: number; onDark?: boolean }) {
  const { label, tone } = cardStatus(state);
  return <span className={`${styles.tag} ${styles[tone]} ${onDark ? styles.onDark : ''}`}>{label}</span>;
}

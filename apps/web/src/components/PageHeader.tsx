import type { ReactNode } from 'react';
import { useNavigate } from '../lib/router';
import styles from './PageHeader.module.css';

interface Props {
  title: string;
  /** where "back" goes when there is no in-app history (the page was opened directly) */
  fallback?: string;
  right?: ReactNode;
}

/** Top bar of an inner page: back, title, optional action. */
export function PageHeader({ title, fallback = '/', right }: Props) {
  const navigate = useNavigate();
  const back = () => {
    // react-router numbers its history entries; idx 0 is the first page of this visit.
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (idx > 0) navigate(-1);
    else navigate(fallback, { replace: true });
  };
  return (
    <header className={styles.bar}>
      <button type="button" className={styles.back} onClick={back} aria-label="返回">
        <svg viewBox="0 0 24 24" aria-hidden="true">
          <path d="M15 5l-7 7 7 7" />
        </svg>
      </button>
      <h1 className={styles.title}>{title}</h1>
      <div className={styles.right}>{right}</div>
    </header>
  );
}

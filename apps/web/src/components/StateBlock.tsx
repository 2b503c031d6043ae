import type { ReactNode } from 'react';
import styles from './StateBlock.module.css';

interface Props {
  kind: 'empty' | 'error';
  text: string;
  action?: ReactNode;
}

/** An empty list or a failed load, with what the user can do about it. */
export function StateBlock({ kind, text, action }: Props) {
  return (
    <div className={styles.block} role={kind === 'error' ? 'alert' : undefined}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.icon}>
        {kind === 'empty' ? (
          <>
            <rect x="14" y="10" width="36" height="44" rx="6" fill="#e8f1ff" />
            <rect x="21" y="30" width="22" height="16" rx="3" fill="#b9d6ff" />
            <path d="M21 20h14" stroke="#b9d6ff" strokeWidth="3" strokeLinecap="round" />
          </>
        ) : (
          <>
            <circle cx="32" cy="32" r="22" fill="#fff1f0" />
            <path d="M32 20v15" stroke="#f04438" strokeWidth="4" strokeLinecap="round" />
            <circle cx="32" cy="43" r="2.6" fill="#f04438" />
          </>
        )}
      </svg>
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}

/** A load that failed, with a button that loads it again (issue 16: every failed load offers 重试). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry(): unknown }) {
  return (
    <StateBlock
      kind="error"
      text={text}
      action={
        <button type="button" className="app-btn app-btn--ghost" onClick={() => void onRetry()}>
          重试
        </button>
      }
    />
  );
}

// The frame of a StateBlock (./StateBlock.tsx) and the failed-load block: the app's entry shows a
// failed load (app/PageBoundary.tsx, 重试) without the empty-list picture the pages use
// (docs/decisions/0025-first-load.md).
import type { ReactNode } from 'react';
import styles from './StateBlock.module.css';

export function StateFrame({ alert, icon, text, action }: { alert: boolean; icon: ReactNode; text: string; action?: ReactNode }) {
  return (
    <div className={styles.block} role={alert ? 'alert' : undefined}>
      <svg viewBox="0 0 64 64" aria-hidden="true" className={styles.icon}>
        {icon}
      </svg>
      <p className={styles.text}>{text}</p>
      {action}
    </div>
  );
}

export const ERROR_ICON = (
  <>
    <circle cx="32" cy="32" r="22" fill="#fff1f0" />
    <path d="M32 20v15" stroke="#f04438" strokeWidth="4" strokeLinecap="round" />
    <circle cx="32" cy="43" r="2.6" fill="#f04438" />
  </>
);

/** A load that failed, with a button that loads it again (docs/decisions/0011: every failed load offers 重试). */
export function LoadFailed({ text, onRetry }: { text: string; onRetry(): unknown }) {
  return (
    <StateFrame
      alert
      icon={ERROR_ICON}
      text={text}
      action={
        <button type="button" className="app-btn app-btn--ghost" onClick={() => void onRetry()}>
          重试
        </button>
      }
    />
  );
}

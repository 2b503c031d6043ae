import type { ReactNode } from 'react';
import styles from '../commerce.module.css';
import ownStyles from './PayResult.module.css';

/** The big tick, cross or clock (pending) of a result page, its title and what happens next. */
export function PayResult({
  ok,
  pending,
  title,
  text,
  children,
}: {
  ok: boolean;
  pending?: boolean;
  title: string;
  text: ReactNode;
  children?: ReactNode;
}) {
  return (
    <>
      <div className={ownStyles.result}>
        <svg viewBox="0 0 64 64" className={ownStyles.resultIcon} aria-hidden="true">
          <circle cx="32" cy="32" r="30" fill={pending ? '#fff3e8' : ok ? '#e8f7ef' : '#fff1f0'} />
          {pending ? (
            <path d="M32 16v17l10 6" fill="none" stroke="#f5731b" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
          ) : ok ? (
            <path d="M19 33l9 9 17-19" fill="none" stroke="#12b76a" strokeWidth="5" strokeLinecap="round" strokeLinejoin="round" />
          ) : (
            <path d="M22 22l20 20M42 22L22 42" stroke="#f04438" strokeWidth="5" strokeLinecap="round" />
          )}
        </svg>
        <h1 className={ownStyles.resultTitle}>{title}</h1>
        <p className={styles.resultText}>{text}</p>
      </div>
      <div className={styles.actions}>{children}</div>
    </>
  );
}

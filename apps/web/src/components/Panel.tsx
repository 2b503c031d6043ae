import type { ReactNode } from 'react';
import styles from './Panel.module.css';

interface Props {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  className?: string;
}

/** A white rounded section on the grey page background. */
export function Panel({ title, extra, children, className }: Props) {
  return (
    <section className={className ? `${styles.panel} ${className}` : styles.panel}>
      {(title || extra) && (
        <div className={styles.head}>
          {title && <h2 className={styles.title}>{title}</h2>}
          {extra}
        </div>
      )}
      {children}
    </section>
  );
}

import { Link } from '../lib/router';
import styles from './TabBar.module.css';

const TABS = [
  {
    to: '/',
    label: '首页',
    icon: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  },
  {
    to: '/mine',
    label: '我的',
    icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z',
  },
] as const;

/** Bottom tab bar on / and /mine (docs/spec/decisions.md): #127EFF, 60px. */
export function TabBar({ path }: { path: string }) {
  return (
    <>
      {/* keeps the end of the page above the fixed bar */}
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={`${styles.bar} app-fixed-bottom`} aria-label="主导航">
        {TABS.map((t) => {
          const active = path === t.to;
          return (
            <Link
              key={t.to}
              to={t.to}
              className={active ? `${styles.tab} ${styles.active}` : styles.tab}
              aria-current={active ? 'page' : undefined}
            >
              <svg viewBox="0 0 24 24" aria-hidden="true" className={styles.icon}>
                <path d={t.icon} />
              </svg>
              <span>{t.label}</span>
            </Link>
          );
        })}
      </nav>
    </>
  );
}

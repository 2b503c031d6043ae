// The wifi-device area's own tab bar (设备首页 / 我的), rendered by /cpe and /cpe_mine themselves:
// the app shell's tab bar belongs to / and /mine. Same look (spec §9: #127EFF, 60px).
import { Link } from '../../../lib/router';
import styles from './DeviceTabBar.module.css';

const TABS = [
  {
    to: '/cpe',
    label: '设备首页',
    icon: 'M4 14h16v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zm3 2.5a1 1 0 1 0 0 .01zM8.5 9.5a5 5 0 0 1 7 0l-1.4 1.4a3 3 0 0 0-4.2 0zM5.6 6.6a9 9 0 0 1 12.8 0L17 8a7 7 0 0 0-10 0z',
  },
  { to: '/cpe_mine', label: '我的', icon: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z' },
] as const;

export function DeviceTabBar({ path }: { path: '/cpe' | '/cpe_mine' }) {
  return (
    <>
      {/* keeps the end of the page above the fixed bar */}
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={`${styles.bar} app-fixed-bottom`} aria-label="设备导航">
        {TABS.map((t) => {
          const active = path === t.to;
          return (
            <Link
              key={t.to}
              to={t.to}
              replace
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

// One bottom tab bar, given its tabs: the app shell's on / and /mine (app/TabBar.tsx) and the
// wifi-device area's on /cpe and /cpe_mine (features/devices DeviceTabBar). Spec §9: #127EFF, 60px.
import { Link } from '../lib/router';
import styles from './TabBar.module.css';

export interface Tab {
  to: string;
  label: string;
  /** an SVG path on a 24×24 box */
  icon: string;
}

export const MINE_ICON = 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9zm0 2c-4.4 0-8 2.2-8 5v1.5h16V19c0-2.8-3.6-5-8-5z';

export interface TabBarProps {
  tabs: readonly Tab[];
  /** the page shown: its tab is marked */
  path: string;
  /** what a screen reader calls the bar */
  label: string;
  /** a tab replaces the page in the history instead of adding one */
  replace?: boolean;
}

export function TabBar({ tabs, path, label, replace }: TabBarProps) {
  return (
    <>
      {/* keeps the end of the page above the fixed bar */}
      <div className={styles.spacer} aria-hidden="true" />
      <nav className={`${styles.bar} app-fixed-bottom`} aria-label={label}>
        {tabs.map((t) => {
          const active = path === t.to;
          return (
            <Link
              key={t.to}
              to={t.to}
              replace={replace}
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

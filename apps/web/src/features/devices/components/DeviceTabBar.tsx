// The wifi-device area's own tab bar (设备首页 / 我的), rendered by /cpe and /cpe_mine themselves:
// the app shell's tab bar belongs to / and /mine. The same bar (components/TabBar) with its own tabs.
import { MINE_ICON, TabBar } from '../../../components/TabBar';

const TABS = [
  {
    to: '/cpe',
    label: '设备首页',
    icon: 'M4 14h16v5a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1zm3 2.5a1 1 0 1 0 0 .01zM8.5 9.5a5 5 0 0 1 7 0l-1.4 1.4a3 3 0 0 0-4.2 0zM5.6 6.6a9 9 0 0 1 12.8 0L17 8a7 7 0 0 0-10 0z',
  },
  { to: '/cpe_mine', label: '我的', icon: MINE_ICON },
] as const;

/** Unlike the shell's bar, a device tab replaces the page in the history (as it always has here): 返回
 *  from /cpe or /cpe_mine leaves the device area rather than stepping back through the tabs touched. */
export function DeviceTabBar({ path }: { path: '/cpe' | '/cpe_mine' }) {
  return <TabBar tabs={TABS} path={path} label="设备导航" replace />;
}

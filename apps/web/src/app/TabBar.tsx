import { MINE_ICON, TabBar as Bar } from '../components/TabBar';

const TABS = [
  {
    to: '/',
    label: '首页',
    icon: 'M3 10.5 12 3l9 7.5V20a1 1 0 0 1-1 1h-5v-6h-6v6H4a1 1 0 0 1-1-1z',
  },
  { to: '/mine', label: '我的', icon: MINE_ICON },
] as const;

/** Bottom tab bar on / and /mine (docs/spec/decisions.md): #127EFF, 60px. */
export function TabBar({ path }: { path: string }) {
  return <Bar tabs={TABS} path={path} label="主导航" />;
}

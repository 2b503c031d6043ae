// How the device pages say durations and states.

/** 3天5小时 / 2小时10分钟 / 5分钟 */
export function formatUptime(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const d = Math.floor(m / 1440);
  const h = Math.floor((m % 1440) / 60);
  const min = m % 60;
  if (d > 0) return `${d}天${h}小时`;
  if (h > 0) return `${h}小时${min}分钟`;
  return `${min}分钟`;
}

/**
 * A router's presence as every device page says it. When its cloud (the ACS) cannot be reached,
 * whether it is online now is not known: 状态未知, not 离线 — the server's answer then carries
 * online: false only because nothing live was read (docs/decisions/0055).
 */
export function presenceText(d: { online: boolean; reachable: boolean }): '在线' | '离线' | '状态未知' {
  if (!d.reachable) return '状态未知';
  return d.online ? '在线' : '离线';
}

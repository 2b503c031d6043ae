// What the list of wifi devices says of a device: online, offline, or unknown when its ACS could
// not be asked; and how many of its tasks wait or failed (docs/decisions/0061-routers-behind-a-slow-acs.md).
import type { DeviceOverviewRow } from '../api/deviceTasks';

export interface Presence {
  text: string;
  color: string;
}

export function presenceOf(row: Pick<DeviceOverviewRow, 'reachable' | 'online'>): Presence {
  if (!row.reachable) return { text: '无法连接', color: 'gold' };
  return row.online ? { text: '在线', color: 'green' } : { text: '离线', color: 'default' };
}

/** e.g. 待生效 2 · 失败 1 · 固件 1; '' when nothing waits or failed. */
export function taskCounts(row: Pick<DeviceOverviewRow, 'tasks'>): string {
  const pending = row.tasks.filter((t) => t.state === 'pending').length;
  const failed = row.tasks.filter((t) => t.state === 'failed').length;
  const firmware = row.tasks.filter((t) => t.kind === 'firmware').length;
  return [pending && `待生效 ${pending}`, failed && `失败 ${failed}`, firmware && `固件 ${firmware}`].filter(Boolean).join(' · ');
}

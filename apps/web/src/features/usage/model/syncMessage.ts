import type { FlowSyncAnswer } from '@portal/contract';

/** What to tell the user after a refresh (carrier data lags; the server limits forced syncs). */
export function syncMessage(answer: Pick<FlowSyncAnswer, 'refreshed' | 'retry_after_seconds'>): string {
  if (answer.refreshed) return '流量数据已更新';
  if (answer.retry_after_seconds > 0) return `数据刚刚已更新，请${answer.retry_after_seconds}秒后再刷新`;
  return '运营商数据暂时无法获取，当前显示上次同步的数据';
}

/** Share of a package used, 0..100, for the progress bar. */
export function usedPercent(usedKb: number, totalKb: number): number {
  if (!(totalKb > 0)) return 0;
  return Math.min(100, Math.max(0, Math.round((usedKb / totalKb) * 1000) / 10));
}

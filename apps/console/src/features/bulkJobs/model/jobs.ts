// Bulk jobs as 批量任务 shows them: the contract's words for a job's and a card's states, the
// console's colours; the card numbers pasted; how far a job is.
import { BULK_STATUS_LABEL } from '@portal/contract/admin';

/** A job: 待处理 → 处理中 → 已完成. */
export const JOB_STATE_COLOR: Record<string, string> = { pending: 'default', running: 'processing', done: 'green' };
/** A card of a job: 待处理, 成功, 失败. */
export const ITEM_STATE_COLOR: Record<string, string> = { pending: 'default', ok: 'green', failed: 'red' };

export const stateLabel = (status: string) => BULK_STATUS_LABEL[status] ?? status;

export const isDone = (j: { status: string }) => j.status === 'done';

/** One card number a line (or separated by commas / spaces), duplicates dropped. */
export function numbersOf(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/[\s,，;；]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** Cards with a result of all its cards, in whole percent (a done job is 100). */
export function progressOf(job: { status: string; total: number; ok_count: number; failed_count: number }) {
  const done = job.ok_count + job.failed_count;
  return { done, percent: isDone(job) ? 100 : job.total ? Math.floor((done / job.total) * 100) : 0 };
}

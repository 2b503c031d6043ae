// Bulk jobs as 批量任务 shows them: the contract's words for a job's and a card's states, the
// console's colours; the card numbers pasted; how far a job is; what a job does, with its target;
// the kinds an operator may ask for.
import type { BulkKind } from '@portal/contract/admin';
import { BULK_STATUS_LABEL } from '@portal/contract/admin';

/** A job: 待处理 → 处理中 → 已完成. */
export const JOB_STATE_COLOR: Record<string, string> = { pending: 'default', running: 'processing', done: 'green' };
/** A card of a job: 待处理, 成功, 失败. */
export const ITEM_STATE_COLOR: Record<string, string> = { pending: 'default', ok: 'green', failed: 'red' };

export const stateLabel = (status: string) => BULK_STATUS_LABEL[status] ?? status;

export const isDone = (j: { status: string }) => j.status === 'done';

/** The kinds that move cards out of an agent's hands (another agent, another carrier account): the platform's call. */
export const PLATFORM_ONLY_KINDS: readonly BulkKind[] = ['move_agent', 'move_carrier_account'];

/** The kinds a role may ask for, in the contract's order. */
export function kindsFor(kinds: readonly BulkKind[], isPlatform: boolean): BulkKind[] {
  return kinds.filter((k) => isPlatform || !PLATFORM_ONLY_KINDS.includes(k));
}

/** What a job does, with its target where it names one (移至运营商账号 ct-a). */
export function actionOf(job: { kind_label: string; params: { carrier_account_name?: string } }): string {
  return job.params.carrier_account_name ? `${job.kind_label} ${job.params.carrier_account_name}` : job.kind_label;
}

/** A carrier account as the target select offers it: its name and platform. */
export function accountOption(a: { id: number; name: string; carrier_label: string }) {
  return { value: a.id, label: `${a.name}（${a.carrier_label}）` };
}

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

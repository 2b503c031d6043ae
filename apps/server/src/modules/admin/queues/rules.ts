// Pure rules of the console's queues (table-tested in rules.test.ts).

/** Which decisions an application in each state may take: a decided application stays decided. */
const NEXT: Record<string, readonly string[]> = {
  submitted: ['in_review', 'approved', 'rejected'],
  in_review: ['approved', 'rejected'],
  approved: [],
  rejected: [],
};

/** Why this decision cannot be taken now (Chinese), or null. */
export function nextApplicationStatusProblem(current: string, decision: string): string | null {
  if ((NEXT[current] ?? []).includes(decision)) return null;
  if (current === 'approved' || current === 'rejected') return '该申请已审核完毕，不能再次修改';
  return '该申请已在审核中';
}

/** One line of a ticket's description for the queue, at most 40 characters. */
export function ticketExcerpt(description: string): string {
  const chars = [...description.replace(/\s+/g, ' ').trim()];
  return chars.length > 40 ? `${chars.slice(0, 40).join('')}…` : chars.join('');
}

/** A replacement application's way: submitted → shipped | rejected, shipped → done. */
const REPLACEMENT_NEXT: Record<string, readonly string[]> = {
  submitted: ['shipped', 'rejected'],
  shipped: ['done'],
  done: [],
  rejected: [],
};

export function replacementMoveProblem(current: string, to: string): string | null {
  if ((REPLACEMENT_NEXT[current] ?? []).includes(to)) return null;
  if (current === 'done' || current === 'rejected') return '该申请已处理完毕';
  if (current === 'shipped') return '新卡已发出，只能标记为已完成';
  return '请先发货再标记完成';
}

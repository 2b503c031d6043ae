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

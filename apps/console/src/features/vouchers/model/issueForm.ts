// 发放优惠券's form: whom (cards pasted, a series, an agent) and the voucher, in yuan; fen on the wire.
import type { AdminInputOf } from '@portal/contract/admin';
import { limitBreaches, type WriteLimits } from '@portal/domain';
import { toFen } from '../../../lib/zodRule';

export interface IssueFields {
  kind: 'cards' | 'series' | 'agent';
  custom_nums?: string;
  series_id?: number;
  agent_id?: number;
  name: string;
  amount: number;
  min_spend: number;
  valid_days: number;
  package_types?: number[];
  reason: string;
}

type IssueBody = AdminInputOf<'adminVoucherIssue'>;

/** The target: card numbers split on whitespace, commas and 、. */
export function targetOf(v: Pick<IssueFields, 'kind' | 'custom_nums' | 'series_id' | 'agent_id'>): IssueBody['target'] {
  return v.kind === 'cards'
    ? { kind: 'cards', custom_nums: (v.custom_nums ?? '').split(/[\s,，、]+/).filter(Boolean) }
    : v.kind === 'series'
      ? { kind: 'series', series_id: v.series_id! }
      : { kind: 'agent', agent_id: v.agent_id! };
}

/** What 发放 sends: one request id per opened form, so submitting twice issues once. */
export function issueBody(requestId: string, v: IssueFields): IssueBody {
  return {
    request_id: requestId,
    target: targetOf(v),
    name: v.name,
    amount_fen: toFen(v.amount),
    min_spend_fen: toFen(v.min_spend),
    valid_days: v.valid_days,
    package_types: v.package_types ?? [],
    reason: v.reason,
  };
}

/**
 * What the confirmation warns before 发放 (docs/decisions/0048): the limits this issue goes past, so
 * the operator knows it will wait for a second administrator rather than be issued. A series' or an
 * agent's cards are counted by the server: their batch total is named as unknown here.
 */
export function issueWarning(limits: WriteLimits | undefined, v: IssueFields): string | null {
  if (!limits) return null;
  const target = targetOf(v);
  const cards = target.kind === 'cards' ? target.custom_nums.length : 1;
  const breaches = limitBreaches(limits, {
    kind: 'voucher_issue',
    amount_fen: toFen(v.amount),
    valid_days: v.valid_days,
    card_count: cards,
  });
  if (breaches.length === 0) return null;
  return `${breaches.map((b) => b.message).join('；')}。提交后不会立即发放：需另一位管理员在「超限审批」中通过后才会发放。`;
}

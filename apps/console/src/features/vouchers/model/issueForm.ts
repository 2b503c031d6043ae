// 发放优惠券's form: whom (cards pasted, a series, an agent) and the voucher, in yuan; fen on the wire.
import type { AdminInputOf } from '@portal/contract/admin';
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

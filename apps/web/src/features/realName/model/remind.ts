// /remind for a Bajun card (docs/spec/portal-spec.md §4): no order placed yet → the page as usual; a real-name
// URL → open it (a new tab) and go home; otherwise ask "您是否已完成实名认证？".
import { Supplier } from '@portal/contract/enums';

export type RemindMode = 'standard' | 'bajunOpenUrl' | 'bajunAsk';

export const BAJUN = Supplier.XunCao; // supplier 8: the Bajun real-name supplier (docs/spec/portal-spec.md §9: "8 special real-name info")

export function remindMode(card: { supplier: number }, answer: { ordered_flag: boolean; real_name_url: string }): RemindMode {
  if (card.supplier !== BAJUN || !answer.ordered_flag) return 'standard';
  return answer.real_name_url ? 'bajunOpenUrl' : 'bajunAsk';
}

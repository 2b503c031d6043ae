import type { CardDiagnosis, LineTestAnswer } from '@portal/contract';
import * as api from '@portal/contract/routes/diagnosis';
import { call } from '../../../lib/api';

/**
 * The smart diagnosis of a card (no login needed; a login makes its owner see everything).
 * `typed`: the user typed the number, so an unknown number is shown at the field, not as the
 * stored card gone.
 */
export function fetchDiagnosis(
  customNum: string,
  o: { refresh?: boolean | 'paid'; typed?: boolean; silent?: boolean; signal?: AbortSignal } = {},
): Promise<CardDiagnosis> {
  const refresh = o.refresh === 'paid' ? ('paid' as const) : o.refresh ? ('1' as const) : undefined;
  return call(
    api.cardDiagnosis,
    { custom_num: customNum, ...(refresh ? { refresh } : {}) },
    { form: o.typed, silent: o.silent, signal: o.signal },
  );
}

/**
 * After an order for the card is paid: the carrier is asked again for the card's figures (the
 * diagnosis's refresh, open to a visitor too), so the pages do not say 数据更新于 3 分钟前 about a
 * card the payment has just changed (decision 0070). In its own allowance ('paid'), so 刷新数据
 * tapped right after stays free. Quiet: a refusal or a carrier that does not answer leaves the
 * figures as they were.
 */
export function refigureAfterPayment(customNum: string): Promise<void> {
  return fetchDiagnosis(customNum, { refresh: 'paid', silent: true }).then(
    () => undefined,
    () => undefined,
  );
}

/** The card test (/check) of one of the caller's cards. */
export function runLineTest(customNum: string): Promise<LineTestAnswer> {
  return call(api.cardLineTest, { custom_num: customNum });
}

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
  o: { refresh?: boolean; typed?: boolean; signal?: AbortSignal } = {},
): Promise<CardDiagnosis> {
  return call(
    api.cardDiagnosis,
    { custom_num: customNum, ...(o.refresh ? { refresh: '1' as const } : {}) },
    { form: o.typed, signal: o.signal },
  );
}

/** The card test (/check) of one of the caller's cards. */
export function runLineTest(customNum: string): Promise<LineTestAnswer> {
  return call(api.cardLineTest, { custom_num: customNum });
}

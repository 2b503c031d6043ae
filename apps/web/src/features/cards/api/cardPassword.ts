// Card login password reset by SMS to the card's bound mobile (the /forgot page). No login needed.
// Form calls: /forgot shows a refusal at the field (a mistyped card number is no reason to leave).
import type { AnswerOf, InputOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/cardPassword';
import { call } from '../../../lib/api';

export function sendCardPasswordSms(customNum: string): Promise<AnswerOf<'cardPasswordSms'>> {
  return call(api.cardPasswordSms, { custom_num: customNum }, { form: true });
}

export type CardPasswordReset = InputOf<'cardPasswordReset'>;

export function resetCardPassword(body: CardPasswordReset): Promise<AnswerOf<'cardPasswordReset'>> {
  return call(api.cardPasswordReset, body, { form: true });
}

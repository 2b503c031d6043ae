// Card login password reset by SMS to the card's bound mobile (the /forgot page). No login needed.
import type { AnswerOf, InputOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/cardPassword';
import { call } from '../../../lib/api';

export function sendCardPasswordSms(customNum: string): Promise<AnswerOf<'cardPasswordSms'>> {
  return call(api.cardPasswordSms, { custom_num: customNum });
}

export type CardPasswordReset = InputOf<'cardPasswordReset'>;

export function resetCardPassword(body: CardPasswordReset): Promise<AnswerOf<'cardPasswordReset'>> {
  return call(api.cardPasswordReset, body);
}

// Card login password reset by SMS to the card's bound mobile (the /forgot page). No login needed.
import type { CardPasswordResetAnswer, CardPasswordSmsAnswer } from '../../../lib/contractTypes';
import { api } from '../../../lib/api';

export function sendCardPasswordSms(customNum: string): Promise<CardPasswordSmsAnswer> {
  return api.post<CardPasswordSmsAnswer>('/v1/card/password/sms', { custom_num: customNum });
}

export interface CardPasswordReset {
  custom_num: string;
  code: string;
  password: string;
  confirm_password: string;
}

export function resetCardPassword(body: CardPasswordReset): Promise<CardPasswordResetAnswer> {
  return api.post('/v1/card/password/reset', body);
}

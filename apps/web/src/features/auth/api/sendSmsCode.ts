import type { AnswerOf } from '@portal/contract/endpoints';
import * as api from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

/** Sends a 6-digit login code to a mobile number (60-second resend cooldown). */
export function sendLoginSmsCode(mobile: string, mark?: string): Promise<AnswerOf<'sendSmsCode'>> {
  return call(api.sendSmsCode, { mobile, purpose: 'login', mark }, { form: true });
}

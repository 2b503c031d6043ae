import type { SmsCodeAnswer } from '../../../lib/contractTypes';
import { api } from '../../../lib/api';

/** Sends a 6-digit login code to a mobile number (60-second resend cooldown). */
export function sendLoginSmsCode(mobile: string, mark?: string): Promise<SmsCodeAnswer> {
  return api.post<SmsCodeAnswer>('/v1/sms/code', { mobile, purpose: 'login', mark });
}

// The account's password and mobile (忘记密码 on the account tab, 账号安全; docs/decisions/0044-holder-account.md).
// Form calls: a refusal is said at its field, the holder stays on the page.
import type { AnswerOf, InputOf } from '@portal/contract/endpoints';
import * as account from '@portal/contract/routes/account';
import * as auth from '@portal/contract/routes/auth';
import { call } from '../../../lib/api';

/** A code to the mobile of the account whose password was forgotten. */
export function sendPasswordResetCode(mobile: string, mark?: string): Promise<AnswerOf<'sendSmsCode'>> {
  return call(auth.sendSmsCode, { mobile, purpose: 'user_password', mark }, { form: true });
}

export function resetUserPassword(body: InputOf<'resetUserPassword'>): Promise<AnswerOf<'resetUserPassword'>> {
  return call(account.resetUserPassword, body, { form: true });
}

export function changeUserPassword(body: InputOf<'changeUserPassword'>): Promise<AnswerOf<'changeUserPassword'>> {
  return call(account.changeUserPassword, body, { form: true });
}

export function sendMobileChangeCode(body: InputOf<'mobileChangeCode'>): Promise<AnswerOf<'mobileChangeCode'>> {
  return call(account.mobileChangeCode, body, { form: true });
}

export function changeMobile(body: InputOf<'changeMobile'>): Promise<AnswerOf<'changeMobile'>> {
  return call(account.changeMobile, body, { form: true });
}

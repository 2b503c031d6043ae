// 账号安全 and 忘记密码 of an account (docs/decisions/0044-holder-account.md): the account password
// reset by an SMS code to the account's mobile, and a new mobile proven by codes to both numbers.
import { z } from 'zod';
import { AccountPassword, Mobile, SmsCode, SmsCodeAnswer } from './schemas';

/** 忘记密码 on the account tab: the code went to the mobile (purpose user_password). */
export const UserPasswordResetRequest = z.object({
  mobile: Mobile,
  code: SmsCode,
  new_password: AccountPassword,
});
export type UserPasswordResetRequest = z.infer<typeof UserPasswordResetRequest>;
export const UserPasswordResetAnswer = z.object({
  /** sessions of the account that were signed out (all of them: the password was lost) */
  revoked_sessions: z.number().int(),
});

/** A code for a change of mobile: to the account's own mobile (old), or to the new one. */
export const MobileCodeRequest = z.discriminatedUnion(
  'target',
  [z.object({ target: z.literal('old') }), z.object({ target: z.literal('new'), mobile: Mobile })],
  { error: '请选择发送到原手机号或新手机号' },
);
export type MobileCodeRequest = z.infer<typeof MobileCodeRequest>;
export const MobileCodeAnswer = SmsCodeAnswer.extend({
  /** the number the code went to, masked */
  mobile: z.string(),
});

export const ChangeMobileRequest = z.object({
  old_code: SmsCode,
  new_mobile: Mobile,
  new_code: SmsCode,
});
export type ChangeMobileRequest = z.infer<typeof ChangeMobileRequest>;
export const ChangeMobileAnswer = z.object({
  /** the account's mobile now (its own, whole) */
  mobile: z.string(),
  /** other sessions of the user that were signed out */
  revoked_sessions: z.number().int(),
});
export type ChangeMobileAnswer = z.infer<typeof ChangeMobileAnswer>;

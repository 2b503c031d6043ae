// The account's password and mobile forms (忘记密码 on the account tab, 账号安全): checked in the
// browser by the same rules the server applies (the registration's password rule), so a mistake is
// said at its field before anything is sent (docs/decisions/0010).
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';

export type Problem<F extends string> = { field: F; message: string } | undefined;

/** The account password rule of registration: 8 to 32 characters, letters and digits. */
export function accountPasswordError(password: string, empty = '请输入新密码'): string | undefined {
  if (!password) return empty;
  if (password.length < 8 || password.length > 32) return '请设置8-32位密码';
  if (!/[A-Za-z]/.test(password) || !/\d/.test(password)) return '密码需同时包含字母和数字';
  return undefined;
}

function first<F extends string>(rules: [F, string | undefined][]): Problem<F> {
  const failed = rules.find(([, message]) => message);
  return failed ? { field: failed[0], message: failed[1]! } : undefined;
}

const codeError = (code: string) => check(code, MESSAGE.smsCodeEmpty, PATTERN.smsCode, MESSAGE.smsCode);
const confirmError = (password: string, confirm: string) =>
  !confirm ? '请再次输入新密码' : confirm !== password ? MESSAGE.confirmMismatch : undefined;

export interface ResetFields {
  mobile: string;
  code: string;
  password: string;
  confirm: string;
}
export type ResetField = keyof ResetFields;

export function resetFormError(f: ResetFields): Problem<ResetField> {
  return first<ResetField>([
    ['mobile', check(f.mobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile)],
    ['code', codeError(f.code)],
    ['password', accountPasswordError(f.password)],
    ['confirm', confirmError(f.password, f.confirm)],
  ]);
}

export interface PasswordChangeFields {
  old: string;
  password: string;
  confirm: string;
}
export type PasswordChangeField = keyof PasswordChangeFields;

/** `hasPassword`: the account has one, so the old one is asked for (a user registered by SMS has none). */
export function passwordChangeError(f: PasswordChangeFields, hasPassword: boolean): Problem<PasswordChangeField> {
  return first<PasswordChangeField>([
    ['old', hasPassword && !f.old ? '请输入原密码' : undefined],
    ['password', accountPasswordError(f.password) ?? (hasPassword && f.password === f.old ? '新密码不能与原密码相同' : undefined)],
    ['confirm', confirmError(f.password, f.confirm)],
  ]);
}

export interface MobileChangeFields {
  oldCode: string;
  mobile: string;
  newCode: string;
}
export type MobileChangeField = keyof MobileChangeFields;

export function newMobileError(mobile: string, current: string): string | undefined {
  return (
    check(mobile, '请输入新手机号', PATTERN.mobile, MESSAGE.mobile) ??
    (mobile.trim() === current ? '新手机号不能与原手机号相同' : undefined)
  );
}

export function mobileChangeError(f: MobileChangeFields, current: string): Problem<MobileChangeField> {
  return first<MobileChangeField>([
    ['oldCode', codeError(f.oldCode)],
    ['mobile', newMobileError(f.mobile, current)],
    ['newCode', codeError(f.newCode)],
  ]);
}

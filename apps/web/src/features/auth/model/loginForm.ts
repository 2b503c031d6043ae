// The three login models (docs/spec/portal-spec.md §1; docs/spec/decisions.md "Login") as form → request.
import type { LoginModel, LoginRequest } from '@portal/contract';
import {
  CARD_LOGIN_DISABLED,
  CARD_NOT_FOUND,
  CARD_PASSWORD_REQUIRED,
  CARD_PASSWORD_WRONG,
  LOGIN_FAILED,
  SMS_CODE_INVALID,
  SMS_TOO_FREQUENT,
  USER_NOT_FOUND,
} from '@portal/contract/loginCodes';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';

export interface LoginFields {
  mobile: string;
  code: string;
  account: string;
  password: string;
  customNum: string;
  cardPassword: string;
}

export const EMPTY_LOGIN_FIELDS: LoginFields = { mobile: '', code: '', account: '', password: '', customNum: '', cardPassword: '' };

export const LOGIN_TABS: readonly { model: LoginModel; label: string }[] = [
  { model: 'mobile', label: '手机号' },
  { model: 'account', label: '账号' },
  { model: 'customNum', label: '卡号' },
];

export type LoginFormResult = { ok: true; request: LoginRequest } | { ok: false; error: string; field: keyof LoginFields };

export function buildLoginRequest(model: LoginModel, f: LoginFields, mark: string | undefined): LoginFormResult {
  const fail = (error: string, field: keyof LoginFields): LoginFormResult => ({ ok: false, error, field });
  if (model === 'mobile') {
    const e1 = check(f.mobile, MESSAGE.mobileEmpty, PATTERN.mobile, MESSAGE.mobile);
    if (e1) return fail(e1, 'mobile');
    const e2 = check(f.code, MESSAGE.smsCodeEmpty, PATTERN.smsCode, MESSAGE.smsCode);
    if (e2) return fail(e2, 'code');
    return { ok: true, request: { login_model: 'mobile', mobile: f.mobile.trim(), code: f.code.trim(), mark } };
  }
  if (model === 'account') {
    if (!f.account.trim()) return fail(MESSAGE.accountEmpty, 'account');
    if (!f.password) return fail(MESSAGE.passwordEmpty, 'password');
    return { ok: true, request: { login_model: 'account', account: f.account.trim(), password: f.password, mark } };
  }
  const e1 = check(f.customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
  if (e1) return fail(e1, 'customNum');
  const e2 = check(f.cardPassword, MESSAGE.cardPasswordEmpty, PATTERN.cardPassword, MESSAGE.cardPassword);
  if (e2) return fail(e2, 'cardPassword');
  return { ok: true, request: { login_model: 'customNum', custom_num: f.customNum.trim(), password: f.cardPassword, mark } };
}

export type LoginField = keyof LoginFields | 'agree';

/** The field each refusal of a login or code request points at, per login model (the message
 *  goes under it); none for what concerns the form as a whole (lock-outs, limits, failures). */
const REFUSED_FIELD: Record<number, Partial<Record<LoginModel, keyof LoginFields>>> = {
  [CARD_NOT_FOUND]: { customNum: 'customNum' },
  [CARD_LOGIN_DISABLED]: { customNum: 'customNum' },
  [CARD_PASSWORD_WRONG]: { customNum: 'cardPassword' },
  [CARD_PASSWORD_REQUIRED]: { customNum: 'cardPassword' },
  [LOGIN_FAILED]: { account: 'password' },
  [USER_NOT_FOUND]: { account: 'account', mobile: 'mobile' },
  [SMS_CODE_INVALID]: { mobile: 'code' },
  [SMS_TOO_FREQUENT]: { mobile: 'mobile' },
};

export function loginErrorField(model: LoginModel, code: number | undefined): keyof LoginFields | undefined {
  return REFUSED_FIELD[code ?? -1]?.[model];
}

// The /forgot form: reset (or first set) a card's login password with an SMS code sent to the
// card's bound mobile.
import { Code } from '@portal/contract/codes';
import { check, MESSAGE, PATTERN } from '@portal/contract/patterns/account';

export interface CardPasswordFields {
  customNum: string;
  code: string;
  password: string;
  confirm: string;
}

export type CardPasswordField = keyof CardPasswordFields;

export function cardNumError(customNum: string): string | undefined {
  return check(customNum, MESSAGE.cardNumEmpty, PATTERN.cardNum, MESSAGE.cardNum);
}

/** The first problem, in the order the fields appear; undefined when the form can be sent. */
export function cardPasswordFormError(f: CardPasswordFields): { field: CardPasswordField; message: string } | undefined {
  const rules: [CardPasswordField, string | undefined][] = [
    ['customNum', cardNumError(f.customNum)],
    ['code', check(f.code, MESSAGE.smsCodeEmpty, PATTERN.smsCode, MESSAGE.smsCode)],
    ['password', check(f.password, '请输入新密码', PATTERN.cardPassword, MESSAGE.cardPassword)],
    ['confirm', !f.confirm ? '请再次输入新密码' : f.confirm !== f.password ? MESSAGE.confirmMismatch : undefined],
  ];
  const failed = rules.find(([, message]) => message);
  return failed ? { field: failed[0], message: failed[1]! } : undefined;
}

/** The field a refusal of the server points at; undefined for the form as a whole. */
export function cardPasswordErrorField(code: number | undefined): CardPasswordField | undefined {
  switch (code) {
    case Code.CARD_NOT_FOUND:
    case Code.CARD_NO_MOBILE:
      return 'customNum';
    case Code.SMS_CODE_INVALID:
    case Code.SMS_TOO_FREQUENT:
      return 'code';
    default:
      return undefined;
  }
}

/** /forgot for one card: the number filled in when it is one (a typo is left out). */
export function forgotPath(customNum: string): string {
  const num = customNum.trim();
  return PATTERN.cardNum.test(num) ? `/forgot?custom_num=${encodeURIComponent(num)}` : '/forgot';
}

/**
 * Where a form that asked for a card password sends the holder after a lock (LOCKED: this source's
 * lock or the card's wait across all sources, docs/decisions/0058): this form, whose code to the
 * card's mobile sets a new password and lifts both. Undefined for any other refusal.
 */
export function forgotPathAfter(code: number | undefined, customNum: string): string | undefined {
  return code === Code.LOCKED ? forgotPath(customNum) : undefined;
}

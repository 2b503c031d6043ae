// Input rules the forms check before calling the API. The same patterns and messages as the
// contract's zod schemas (packages/contract/src/schemas.ts: Mobile, SmsCode, CardNum,
// CardPassword), repeated here because zod must stay out of the web bundle.
export const PATTERN = {
  mobile: /^1[3-9]\d{9}$/,
  smsCode: /^\d{6}$/,
  cardNum: /^\d{6,20}$/,
  /** card login password, "short password": 4 to 6 digits (spec section 5) */
  cardPassword: /^\d{4,6}$/,
} as const;

export const MESSAGE = {
  mobileEmpty: '请输入手机号',
  mobile: '请输入正确的手机号',
  smsCodeEmpty: '请输入验证码',
  smsCode: '请输入6位验证码',
  accountEmpty: '请输入账号',
  passwordEmpty: '请输入密码',
  cardNumEmpty: '请输入卡号',
  cardNum: '请输入正确的卡号',
  cardPasswordEmpty: '请输入卡密码',
  cardPassword: '请输入4-6位数字卡密码',
  confirmMismatch: '两次输入的密码不一致',
} as const;

/** The first failing rule's message, or undefined when the value passes. */
export function check(value: string, emptyMessage: string, pattern?: RegExp, patternMessage?: string): string | undefined {
  const v = value.trim();
  if (!v) return emptyMessage;
  if (pattern && !pattern.test(v)) return patternMessage;
  return undefined;
}

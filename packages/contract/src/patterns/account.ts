// Input rules of the login and card forms, shared by the zod schemas (server validation) and the
// web forms (checked before a call is made). Zod-free, and split by area like the routes: the login
// page imports this file on its first load, where zod and the other areas' rules have no place
// (docs/decisions/0009-endpoints-declared-once.md).

export const PATTERN = {
  /** mainland mobile numbers */
  mobile: /^1[3-9]\d{9}$/,
  /** the 6-digit SMS code */
  smsCode: /^\d{6}$/,
  /** card numbers (custom_num): digits, 6 to 20 long */
  cardNum: /^\d{6,20}$/,
  /** card login password, the "short password": 4 to 6 digits (docs/spec/portal-spec.md §5) */
  cardPassword: /^\d{4,6}$/,
  /** an agent mark from a link */
  agentMark: /^[A-Za-z0-9_-]{1,32}$/,
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
  agentMark: '代理标识有误',
} as const;

/** The first failing rule's message, or undefined when the value passes. */
export function check(value: string, emptyMessage: string, pattern?: RegExp, patternMessage?: string): string | undefined {
  const v = value.trim();
  if (!v) return emptyMessage;
  if (pattern && !pattern.test(v)) return patternMessage;
  return undefined;
}

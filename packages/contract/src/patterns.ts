// Input rules shared by the zod schemas (server validation) and the web forms (checked before a
// call is made). Zod-free on purpose: the login page imports this on its first load, and zod
// must stay out of that bundle (docs/decisions/0009-endpoints-declared-once.md).

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
  /** order numbers the server issues */
  orderNo: /^[A-Za-z0-9]{8,40}$/,
  /** a client's idempotency key for creating an order */
  requestId: /^[A-Za-z0-9_-]{8,64}$/,
  /** an uploaded file's id */
  uploadId: /^[A-Za-z0-9_-]{8,64}$/,
  /** a quick-payment order's access key */
  accessKey: /^[A-Za-z0-9_-]{16,128}$/,
  /** a Chinese name, with the middle dot of minority and foreign names between parts */
  personName: /^[\u4e00-\u9fa5]+(?:[·•][\u4e00-\u9fa5]+)*$/,
  /** an 18-digit resident ID number (its check digit is checked by packages/domain residentId) */
  idNumber: /^\d{17}[\dXx]$/,
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
  orderNo: '订单号有误',
  requestId: '请求标识有误',
  uploadId: '图片编号有误',
  accessKey: '访问凭证有误',
  personName: '请输入正确的中文姓名',
  idNumber: '请输入正确的 18 位身份证号码',
} as const;

/** A balance recharge is a whole number of yuan in this range (the e-card rule, docs/spec/portal-spec.md §5). */
export const RECHARGE_MIN_YUAN = 1;
export const RECHARGE_MAX_YUAN = 5000;

/** The first failing rule's message, or undefined when the value passes. */
export function check(value: string, emptyMessage: string, pattern?: RegExp, patternMessage?: string): string | undefined {
  const v = value.trim();
  if (!v) return emptyMessage;
  if (pattern && !pattern.test(v)) return patternMessage;
  return undefined;
}

// The registration form's checks in the browser (the server checks again): one message at a time,
// at the field, in page order. The patterns are the server's (contract patterns/account).
import { MESSAGE, PATTERN } from '@portal/contract/patterns/account';

export type RegisterField = 'mobile' | 'code' | 'password' | 'password_again' | 'custom_num' | 'card_password' | 'agreed';
export interface RegisterFields {
  mobile: string;
  code: string;
  password: string;
  password_again: string;
  custom_num: string;
  card_password: string;
  agreed: boolean;
}
export const EMPTY_REGISTER_FORM: RegisterFields = {
  mobile: '',
  code: '',
  password: '',
  password_again: '',
  custom_num: '',
  card_password: '',
  agreed: false,
};

export function mobileError(mobile: string): string {
  return PATTERN.mobile.test(mobile.trim()) ? '' : MESSAGE.mobile;
}

export function registerFormError(f: RegisterFields): { field: RegisterField; message: string } | null {
  const m = mobileError(f.mobile);
  if (m) return { field: 'mobile', message: m };
  if (!PATTERN.smsCode.test(f.code.trim())) return { field: 'code', message: MESSAGE.smsCode };
  if (f.password.length < 8 || f.password.length > 32) return { field: 'password', message: '请设置8-32位密码' };
  if (!/[A-Za-z]/.test(f.password) || !/\d/.test(f.password)) return { field: 'password', message: '密码需同时包含字母和数字' };
  if (f.password_again !== f.password) return { field: 'password_again', message: '两次输入的密码不一致' };
  const card = f.custom_num.trim();
  if (card && !PATTERN.cardNum.test(card)) return { field: 'custom_num', message: '卡号格式有误，请核对后重新输入，或留空稍后绑卡' };
  if (f.card_password && !PATTERN.cardPassword.test(f.card_password)) return { field: 'card_password', message: MESSAGE.cardPassword };
  if (!f.agreed) return { field: 'agreed', message: '请阅读并同意《用户协议》和《隐私政策》' };
  return null;
}

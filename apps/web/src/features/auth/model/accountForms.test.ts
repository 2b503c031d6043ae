import { describe, expect, it } from 'vitest';
import { accountPasswordError, mobileChangeError, passwordChangeError, resetFormError } from './accountForms';

describe('accountPasswordError (the registration rule)', () => {
  it.each([
    ['', '请输入新密码'],
    ['a1', '请设置8-32位密码'],
    ['a1'.repeat(17), '请设置8-32位密码'],
    ['abcdefgh', '密码需同时包含字母和数字'],
    ['12345678', '密码需同时包含字母和数字'],
    ['abcd1234', undefined],
  ])('%j → %s', (pw, expected) => {
    expect(accountPasswordError(pw)).toBe(expected);
  });
});

describe('resetFormError', () => {
  const ok = { mobile: '13800138000', code: '123456', password: 'abcd1234', confirm: 'abcd1234' };
  it.each([
    [{ ...ok, mobile: '' }, 'mobile', '请输入手机号'],
    [{ ...ok, mobile: '1380013800' }, 'mobile', '请输入正确的手机号'],
    [{ ...ok, code: '12' }, 'code', '请输入6位验证码'],
    [{ ...ok, password: 'abcdefgh', confirm: 'abcdefgh' }, 'password', '密码需同时包含字母和数字'],
    [{ ...ok, confirm: '' }, 'confirm', '请再次输入新密码'],
    [{ ...ok, confirm: 'abcd12345' }, 'confirm', '两次输入的密码不一致'],
  ])('%j → %s', (f, field, message) => {
    expect(resetFormError(f)).toEqual({ field, message });
  });
  it('passes a whole form', () => expect(resetFormError(ok)).toBeUndefined());
});

describe('passwordChangeError', () => {
  const ok = { old: 'demo1234', password: 'abcd1234', confirm: 'abcd1234' };
  it.each([
    [{ ...ok, old: '' }, true, { field: 'old', message: '请输入原密码' }],
    [{ ...ok, old: '' }, false, undefined],
    [{ ...ok, password: 'demo1234', confirm: 'demo1234' }, true, { field: 'password', message: '新密码不能与原密码相同' }],
    [{ ...ok, confirm: 'x' }, true, { field: 'confirm', message: '两次输入的密码不一致' }],
    [ok, true, undefined],
  ])('%j (has a password: %s) → %j', (f, has, expected) => {
    expect(passwordChangeError(f, has)).toEqual(expected);
  });
});

describe('mobileChangeError', () => {
  const ok = { oldCode: '123456', mobile: '13900000000', newCode: '654321' };
  it.each([
    [
      { ...ok, oldCode: '' },
      { field: 'oldCode', message: '请输入验证码' },
    ],
    [
      { ...ok, mobile: '' },
      { field: 'mobile', message: '请输入新手机号' },
    ],
    [
      { ...ok, mobile: '13800138000' },
      { field: 'mobile', message: '新手机号不能与原手机号相同' },
    ],
    [
      { ...ok, newCode: '1' },
      { field: 'newCode', message: '请输入6位验证码' },
    ],
    [ok, undefined],
  ])('%j → %j', (f, expected) => {
    expect(mobileChangeError(f, '13800138000')).toEqual(expected);
  });
});

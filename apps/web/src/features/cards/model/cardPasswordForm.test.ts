import { describe, expect, it } from 'vitest';
import { Code } from '@portal/contract/codes';
import { cardPasswordErrorField, cardPasswordFormError, forgotPath, forgotPathAfter, type CardPasswordFields } from './cardPasswordForm';

const ok: CardPasswordFields = { customNum: '1000000013', code: '123456', password: '2468', confirm: '2468' };

describe('cardPasswordFormError', () => {
  it.each([
    ['all good', ok, undefined],
    ['no card number', { ...ok, customNum: '' }, { field: 'customNum', message: '请输入卡号' }],
    ['bad card number', { ...ok, customNum: '12a' }, { field: 'customNum', message: '请输入正确的卡号' }],
    ['no code', { ...ok, code: '' }, { field: 'code', message: '请输入验证码' }],
    ['short code', { ...ok, code: '123' }, { field: 'code', message: '请输入6位验证码' }],
    ['no password', { ...ok, password: '' }, { field: 'password', message: '请输入新密码' }],
    ['3-digit password', { ...ok, password: '123', confirm: '123' }, { field: 'password', message: '请输入4-6位数字卡密码' }],
    ['letters in password', { ...ok, password: '12ab', confirm: '12ab' }, { field: 'password', message: '请输入4-6位数字卡密码' }],
    ['no confirmation', { ...ok, confirm: '' }, { field: 'confirm', message: '请再次输入新密码' }],
    ['mismatch', { ...ok, confirm: '1357' }, { field: 'confirm', message: '两次输入的密码不一致' }],
  ] as const)('%s', (_n, fields, expected) => expect(cardPasswordFormError(fields)).toEqual(expected));
});

describe('cardPasswordErrorField', () => {
  it.each([
    ['an unknown card', Code.CARD_NOT_FOUND, 'customNum'],
    ['a card with no mobile to text', Code.CARD_NO_MOBILE, 'customNum'],
    ['a wrong or expired code', Code.SMS_CODE_INVALID, 'code'],
    ['codes asked too often', Code.SMS_TOO_FREQUENT, 'code'],
    ['a lock-out by address', Code.RATE_LIMITED, undefined],
    ['no answer at all', undefined, undefined],
  ] as const)('%s', (_n, code, field) => expect(cardPasswordErrorField(code)).toBe(field));
});

describe('the way to this form after a lock', () => {
  it.each([
    ['a card number', '1000000001', '/forgot?custom_num=1000000001'],
    ['with spaces around', ' 1000000001 ', '/forgot?custom_num=1000000001'],
    ['nothing typed', '', '/forgot'],
    ['not a card number', '10000abc', '/forgot'],
  ])('forgotPath: %s', (_n, typed, path) => expect(forgotPath(typed)).toBe(path));

  it.each([
    ['a lock (the source’s or the card’s wait)', Code.LOCKED, '/forgot?custom_num=1000000002'],
    ['a wrong password', Code.CARD_PASSWORD_WRONG, undefined],
    ['too many tries from the address', Code.RATE_LIMITED, undefined],
    ['no answer', undefined, undefined],
  ])('forgotPathAfter: %s', (_n, code, path) => expect(forgotPathAfter(code, '1000000002')).toBe(path));
});

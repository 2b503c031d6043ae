import { Code } from '@portal/contract/codes';
import { describe, expect, it } from 'vitest';
import { bindErrorField, bindFormError } from './bindCardForm';

describe('bindFormError', () => {
  it.each([
    ['no number', '', '', 'unknown', { field: 'customNum', message: '请输入卡号' }],
    ['a malformed number', '12ab', '', 'unknown', { field: 'customNum', message: '请输入正确的卡号' }],
    ['a card that needs its password, none given', '1000000020', '', 'needed', { field: 'password', message: '请输入卡密码' }],
    [
      'a card that needs its password, 3 digits given',
      '1000000020',
      '123',
      'needed',
      { field: 'password', message: '请输入4-6位数字卡密码' },
    ],
    ['a card that needs its password, given', '1000000020', '123456', 'needed', undefined],
    ['a card with no password: nothing asked', '1000000013', '', 'none', undefined],
    ['a card with no password ignores a leftover password', '1000000013', '12', 'none', undefined],
    ['not known yet (the check failed): a password is optional', '1000000020', '', 'unknown', undefined],
    [
      'not known yet: a given password must be well-formed',
      '1000000020',
      '12',
      'unknown',
      { field: 'password', message: '请输入4-6位数字卡密码' },
    ],
  ] as const)('%s', (_n, num, pw, need, expected) => expect(bindFormError(num, pw, need)).toEqual(expected));
});

describe('bindErrorField', () => {
  it.each([
    ['an unknown card', Code.CARD_NOT_FOUND, 'customNum'],
    ['a card of someone else', Code.CARD_ALREADY_BOUND, 'customNum'],
    ['a cancelled card', Code.BAD_REQUEST, 'customNum'],
    ['a wrong password', Code.CARD_PASSWORD_WRONG, 'password'],
    ['a password required', Code.CARD_PASSWORD_REQUIRED, 'password'],
    ['a locked card', Code.LOCKED, 'password'],
    ['a card-number login', Code.FORBIDDEN, undefined],
    ['no answer', undefined, undefined],
  ] as const)('%s', (_n, code, field) => expect(bindErrorField(code)).toBe(field));
});

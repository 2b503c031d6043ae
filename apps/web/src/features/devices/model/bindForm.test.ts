import { Code } from '@portal/contract/codes';
import { DeviceCode } from '@portal/contract/deviceCodes';
import { describe, expect, it } from 'vitest';
import { bindFormProblems, fieldOfRefusal } from './bindForm';

describe('bindFormProblems', () => {
  it.each([
    ['all fine', 'CPE5G-D0017', '1000000017', '123456', {}],
    ['all empty', '', '', '', { serial: '请输入设备序列号', custom_num: '请输入卡号', password: '请输入卡密码' }],
    ['a serial with a space', 'CPE5G D0017', '1000000017', '123456', { serial: '请输入正确的设备序列号（6-32位字母、数字或-）' }],
    ['letters in the card number', 'CPE5G-D0017', '10000abc', '123456', { custom_num: '请输入正确的卡号' }],
    ['a short card password', 'CPE5G-D0017', '1000000017', '12', { password: '请输入4-6位数字卡密码' }],
  ])('%s', (_, serial, card, password, want) => {
    expect(bindFormProblems(serial, card, password)).toEqual(want);
  });
});

describe('fieldOfRefusal', () => {
  it.each([
    [Code.CARD_PASSWORD_WRONG, 'password'],
    [Code.LOCKED, 'password'],
    [Code.RATE_LIMITED, 'password'],
    [DeviceCode.ALREADY_BOUND, 'serial'],
    [500, undefined],
    [undefined, undefined],
  ])('%s → %s', (code, want) => {
    expect(fieldOfRefusal(code)).toBe(want);
  });
});

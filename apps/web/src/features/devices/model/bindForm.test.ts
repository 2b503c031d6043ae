import { DeviceCode } from '@portal/contract/deviceCodes';
import { describe, expect, it } from 'vitest';
import { bindFormProblems, fieldOfRefusal } from './bindForm';

describe('bindFormProblems', () => {
  it.each([
    ['both fine', 'CPE5G-D0017', '1000000017', {}],
    ['both empty', '', '', { serial: '请输入设备序列号', custom_num: '请输入卡号' }],
    ['a serial with a space', 'CPE5G D0017', '1000000017', { serial: '请输入正确的设备序列号（6-32位字母、数字或-）' }],
    ['letters in the card number', 'CPE5G-D0017', '10000abc', { custom_num: '请输入正确的卡号' }],
  ])('%s', (_, serial, card, want) => {
    expect(bindFormProblems(serial, card)).toEqual(want);
  });
});

describe('fieldOfRefusal', () => {
  it.each([
    [DeviceCode.PAIR_MISMATCH, 'custom_num'],
    [DeviceCode.SERIAL_UNKNOWN, 'serial'],
    [DeviceCode.ALREADY_BOUND, 'serial'],
    [500, undefined],
    [undefined, undefined],
  ])('%s → %s', (code, want) => {
    expect(fieldOfRefusal(code)).toBe(want);
  });
});

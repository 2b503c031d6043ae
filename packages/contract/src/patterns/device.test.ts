import { describe, expect, it } from 'vitest';
import { normalizeMac, ssidProblem, utf8Bytes, wifiPasswordProblem } from './device';

describe('SSID: 1-32 UTF-8 bytes', () => {
  it.each([
    ['a', 1],
    ['家', 3],
    ['😀', 4],
    ['CMCC-5G 家', 11],
  ])('%s is %s bytes', (text, n) => expect(utf8Bytes(text)).toBe(n));

  it.each([
    ['Home-5G', null],
    ['x'.repeat(32), null],
    ['家'.repeat(10) + 'ab', null],
    ['', '请输入WiFi名称'],
    ['x'.repeat(33), 'WiFi名称最长32字节（一个汉字占3字节）'],
    ['家'.repeat(11), 'WiFi名称最长32字节（一个汉字占3字节）'],
    ['a\u0007b', 'WiFi名称不能包含控制字符'],
  ])('%j → %s', (ssid, problem) => expect(ssidProblem(ssid)).toBe(problem));
});

describe('wifi password: 8-63 printable ASCII', () => {
  it.each([
    ['12345678', null],
    ['p@ss word!~', null],
    ['x'.repeat(63), null],
    ['1234567', 'WiFi密码至少8位'],
    ['x'.repeat(64), 'WiFi密码最多63位'],
    ['密码12345678', 'WiFi密码须为8-63位英文字母、数字或符号，不能含中文'],
    ['abc\tdefgh', 'WiFi密码须为8-63位英文字母、数字或符号，不能含中文'],
  ])('%j → %s', (pw, problem) => expect(wifiPasswordProblem(pw)).toBe(problem));
});

describe('MAC addresses are kept upper case with colons', () => {
  it.each([
    ['aa-bb-cc-dd-ee-ff', 'AA:BB:CC:DD:EE:FF'],
    [' 0a:1b:2c:3d:4e:5f ', '0A:1B:2C:3D:4E:5F'],
  ])('%s → %s', (mac, out) => expect(normalizeMac(mac)).toBe(out));
});

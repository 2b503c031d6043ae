import { describe, expect, it } from 'vitest';
import { dropWarning, dropsClients, wifiChanges, wifiFormProblems, type WifiForm, keepsHiddenPassword } from './wifiForm';

const base: WifiForm = { ssid: 'CPE5G-0011', password: 'cl0011wifi', hidden: false, security: 'wpa2', band: 'both', max_clients: 32 };

describe('wifiChanges', () => {
  it.each([
    ['nothing changed', {}, {}],
    ['a new password', { password: 'newpass123' }, { password: 'newpass123' }],
    ['hidden and band', { hidden: true, band: '5g' }, { hidden: true, band: '5g' }],
  ] as const)('%s', (_, edit, want) => {
    expect(wifiChanges(base, { ...base, ...edit })).toEqual(want);
  });
});

describe('dropsClients', () => {
  it.each([
    [{ ssid: 'x' }, true],
    [{ password: 'newpass123' }, true],
    [{ security: 'wpa3' as const }, true],
    [{ hidden: true }, false],
    [{ max_clients: 10 }, false],
  ])('%j → %s', (changes, want) => {
    expect(dropsClients(changes)).toBe(want);
  });
});

describe('wifiFormProblems', () => {
  it.each([
    ['fine', {}, {}],
    ['short password', { password: 'short' }, { password: 'WiFi密码至少8位' }],
    ['Chinese in the password', { password: '密码密码密码密码' }, { password: 'WiFi密码须为8-63位英文字母、数字或符号，不能含中文' }],
    ['empty name', { ssid: '' }, { ssid: '请输入WiFi名称' }],
    ['11 Chinese characters (33 bytes)', { ssid: '一二三四五六七八九十一' }, { ssid: 'WiFi名称最长32字节（一个汉字占3字节）' }],
    ['too many clients', { max_clients: 65 }, { max_clients: '最大连接数为1-64' }],
  ] as const)('%s', (_, edit, want) => {
    expect(wifiFormProblems({ ...base, ...edit })).toEqual(want);
  });
});

describe('dropWarning', () => {
  const lead = '生效后，所有已连接的设备都会断开（可能包括您正在使用的这部手机），需要用新的';
  it.each([
    [{ ssid: 'x' }, '名称'],
    [{ password: 'newpass123' }, '密码'],
    [{ ssid: 'x', password: 'newpass123' }, '名称和密码'],
    [{ security: 'wpa3' as const }, '加密方式'],
  ])('%j → %s', (changes, what) => {
    expect(dropWarning(changes)).toBe(`${lead}${what}重新连接。`);
  });
});

describe('a passphrase the router hides (未读取)', () => {
  it.each([
    ['hidden, field left empty: kept', false, '', true],
    ['hidden, a new one typed: checked and sent', false, 'newpass123', false],
    ['known, field emptied: checked (and refused)', true, '', false],
  ])('%s', (_what, read, password, keeps) => {
    expect(keepsHiddenPassword({ password_read: read }, { password })).toBe(keeps);
  });
});

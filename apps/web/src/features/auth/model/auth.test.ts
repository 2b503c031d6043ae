import { describe, expect, it } from 'vitest';
import { landingPath } from './landing';
import { Code } from '@portal/contract/codes';
import { buildLoginRequest, EMPTY_LOGIN_FIELDS, loginErrorField, type LoginFields } from './loginForm';
import { mobileError } from './smsCode';

const f = (o: Partial<LoginFields>): LoginFields => ({ ...EMPTY_LOGIN_FIELDS, ...o });

describe('buildLoginRequest', () => {
  it.each([
    ['mobile: empty number', 'mobile', f({}), { ok: false, error: '请输入手机号', field: 'mobile' }],
    [
      'mobile: bad number',
      'mobile',
      f({ mobile: '12800138000', code: '123456' }),
      { ok: false, error: '请输入正确的手机号', field: 'mobile' },
    ],
    ['mobile: no code', 'mobile', f({ mobile: '13800138000' }), { ok: false, error: '请输入验证码', field: 'code' }],
    ['mobile: short code', 'mobile', f({ mobile: '13800138000', code: '1234' }), { ok: false, error: '请输入6位验证码', field: 'code' }],
    [
      'mobile: ok',
      'mobile',
      f({ mobile: ' 13800138000 ', code: '123456' }),
      { ok: true, request: { login_model: 'mobile', mobile: '13800138000', code: '123456', mark: 'acme' } },
    ],
    ['account: empty', 'account', f({ password: 'x' }), { ok: false, error: '请输入账号', field: 'account' }],
    ['account: no password', 'account', f({ account: 'demo' }), { ok: false, error: '请输入密码', field: 'password' }],
    [
      'account: ok',
      'account',
      f({ account: 'demo', password: 'demo1234' }),
      { ok: true, request: { login_model: 'account', account: 'demo', password: 'demo1234', mark: 'acme' } },
    ],
    [
      'card: bad number',
      'customNum',
      f({ customNum: '12ab', cardPassword: '123456' }),
      { ok: false, error: '请输入正确的卡号', field: 'customNum' },
    ],
    [
      'card: 3-digit password',
      'customNum',
      f({ customNum: '1000000001', cardPassword: '123' }),
      { ok: false, error: '请输入4-6位数字卡密码', field: 'cardPassword' },
    ],
    [
      'card: 7-digit password',
      'customNum',
      f({ customNum: '1000000001', cardPassword: '1234567' }),
      { ok: false, error: '请输入4-6位数字卡密码', field: 'cardPassword' },
    ],
    [
      'card: ok',
      'customNum',
      f({ customNum: '1000000001', cardPassword: '1234' }),
      { ok: true, request: { login_model: 'customNum', custom_num: '1000000001', password: '1234', mark: 'acme' } },
    ],
  ] as const)('%s', (_n, model, fields, expected) => {
    expect(buildLoginRequest(model, fields, 'acme')).toEqual(expected);
  });

  it('checks the number before sending a code', () => {
    expect(mobileError('')).toBe('请输入手机号');
    expect(mobileError('1380013800')).toBe('请输入正确的手机号');
    expect(mobileError('13800138000')).toBeUndefined();
  });
});

describe('landingPath', () => {
  const isLandable = (p: string) => ['/', '/flow', '/mine', '/card_list'].includes(p);
  it.each([
    ['the redirect', '/flow?x=1', '/mine', '/flow?x=1'],
    ['the first URL when no redirect is given', null, '/mine', '/mine'],
    ['home when neither is given', undefined, undefined, '/'],
    ['not an off-site redirect', 'https://evil.example', undefined, '/'],
    ['not back to /login', '/login?redirect=/flow', '/login', '/'],
    ['not to a page that does not exist', '/recharge', '/404', '/'],
    ['the first URL when the redirect is unusable', '//evil.example', '/card_list', '/card_list'],
  ])('goes to %s', (_n, redirect, firstUrl, expected) => {
    expect(landingPath({ redirect, firstUrl, isLandable })).toBe(expected);
  });
});

describe('loginErrorField', () => {
  it.each([
    ['an unknown card on the card tab', 'customNum', Code.CARD_NOT_FOUND, 'customNum'],
    ['card login switched off for the card', 'customNum', Code.CARD_LOGIN_DISABLED, 'customNum'],
    ['a wrong card password', 'customNum', Code.CARD_PASSWORD_WRONG, 'cardPassword'],
    ['a card without a password yet', 'customNum', Code.CARD_PASSWORD_REQUIRED, 'cardPassword'],
    ['a wrong account password', 'account', Code.LOGIN_FAILED, 'password'],
    ['an unknown account', 'account', Code.USER_NOT_FOUND, 'account'],
    ['an unknown mobile', 'mobile', Code.USER_NOT_FOUND, 'mobile'],
    ['a wrong SMS code', 'mobile', Code.SMS_CODE_INVALID, 'code'],
    ['codes asked too often', 'mobile', Code.SMS_TOO_FREQUENT, 'mobile'],
    ['a lock-out: the form, not a field', 'customNum', Code.LOCKED, undefined],
    ['too many attempts from this address', 'account', Code.RATE_LIMITED, undefined],
    ['a code of another model', 'account', Code.CARD_NOT_FOUND, undefined],
    ['no answer at all', 'mobile', undefined, undefined],
  ] as const)('%s', (_n, model, code, field) => expect(loginErrorField(model, code)).toBe(field));
});

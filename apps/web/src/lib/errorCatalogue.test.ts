import { Code, DEFAULT_MESSAGE } from '@portal/contract/codes';
import { describe, expect, it } from 'vitest';
import { decideOnOutcome, TEXT, type CatalogueContext, type ErrorAction, type Outcome } from './errorCatalogue';

const onFlow: CatalogueContext = { path: '/flow', search: '?tab=day', loginModel: 'mobile', cardExemptPage: false };
const onBindCard: CatalogueContext = { path: '/bind_card', search: '', loginModel: 'account', cardExemptPage: true };
const cardLogin: CatalogueContext = { ...onFlow, loginModel: 'customNum' };
const onLogin: CatalogueContext = { path: '/login', search: '?mark=acme', cardExemptPage: false };

const answer = (status: number, code?: number, message?: string): Outcome => ({ kind: 'answer', status, code, message });

const rows: [string, Outcome, CatalogueContext, ErrorAction][] = [
  ['success', answer(200, 0, 'ok'), onFlow, { ok: true }],
  ['HTTP 400: toast the server message', answer(400, 10202, '卡密码错误'), onFlow, { ok: false, toast: '卡密码错误' }],
  [
    'HTTP 400 code 10000 on a normal page: drop card data, go home',
    answer(400, 10000, '卡号不存在'),
    onFlow,
    { ok: false, toast: '卡号不存在', clear: 'cardData', navigate: '/' },
  ],
  ['HTTP 400 code 10000 on an exempt page: toast only', answer(400, 10000, '卡号不存在'), onBindCard, { ok: false, toast: '卡号不存在' }],
  [
    'code 40001 with HTTP 200: clear token and card session, go to login',
    answer(200, 40001, '您的登录已在其他地方失效，请重新登录'),
    onFlow,
    { ok: false, toast: '您的登录已在其他地方失效，请重新登录', clear: 'authAndCard', navigate: '/login' },
  ],
  [
    'code 40001 for a card-number login keeps that login model',
    answer(200, 40001, ''),
    cardLogin,
    { ok: false, toast: TEXT.revoked, clear: 'authAndCard', navigate: '/login?login_model=customNum' },
  ],
  [
    'HTTP 401: show message, clear, go to /login with redirect = path and query',
    answer(401, 40100, '登录已失效，请重新登录'),
    onFlow,
    { ok: false, toast: '登录已失效，请重新登录', clear: 'authAndCard', navigate: '/login?redirect=%2Fflow%3Ftab%3Dday' },
  ],
  [
    'HTTP 401 in a card-number login adds login_model=customNum',
    answer(401, 40100, '登录已失效，请重新登录'),
    cardLogin,
    {
      ok: false,
      toast: '登录已失效，请重新登录',
      clear: 'authAndCard',
      navigate: '/login?login_model=customNum&redirect=%2Fflow%3Ftab%3Dday',
    },
  ],
  [
    'HTTP 401 on /login does not navigate',
    answer(401, 40100, ''),
    onLogin,
    { ok: false, toast: TEXT.unauthorized, clear: 'authAndCard', navigate: undefined },
  ],
  ['HTTP 403: no permission', answer(403, 40300, '无权访问该卡'), onFlow, { ok: false, toast: '当前请求没有权限' }],
  ['HTTP 404: passed to the caller', answer(404, 40400, '请求的资源不存在'), onFlow, { ok: false, passThrough: true }],
  ['HTTP 500: request error', answer(500, 50000, '服务器繁忙'), onFlow, { ok: false, toast: '请求错误' }],
  [
    'HTTP 503: the server sheds load, try again',
    answer(503, 50000, '服务繁忙，请稍后再试'),
    onFlow,
    { ok: false, toast: '服务繁忙，请稍后再试' },
  ],
  ['HTTP 503 without an envelope (a proxy): the same words', answer(503), onLogin, { ok: false, toast: TEXT.busy }],
  ['HTTP 429: toast the message', answer(429, 42900, '操作过于频繁，请稍后再试'), onFlow, { ok: false, toast: '操作过于频繁，请稍后再试' }],
  ['HTTP 502 without an envelope: generic text', answer(502), onFlow, { ok: false, toast: '请求错误' }],
  [
    'HTTP 200 with a business code: toast the message',
    answer(200, 10104, '验证码发送过于频繁'),
    onFlow,
    { ok: false, toast: '验证码发送过于频繁' },
  ],
  ['timeout', { kind: 'timeout' }, onFlow, { ok: false, toast: '服务器响应超时，请稍后再试', setTimeoutFlag: true }],
  ['network failure', { kind: 'network' }, onFlow, { ok: false, toast: TEXT.network }],
];

describe('decideOnOutcome (docs/spec/portal-spec.md §8)', () => {
  it.each(rows)('%s', (_name, outcome, ctx, expected) => {
    expect(decideOnOutcome(outcome, ctx)).toEqual(expected);
  });
});

describe('the default messages the catalogue keeps as text', () => {
  it("are the contract's", () => {
    expect(TEXT.unauthorized).toBe(DEFAULT_MESSAGE[Code.UNAUTHORIZED]);
    expect(TEXT.revoked).toBe(DEFAULT_MESSAGE[Code.SESSION_REVOKED]);
    expect(TEXT.cardNotFound).toBe(DEFAULT_MESSAGE[Code.CARD_NOT_FOUND]);
  });
});

// The API client's session rules with a stubbed fetch: token header, New-Token rotation, the
// time-out flag, and the error catalogue's side effects (clearing, navigating) carried out once.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as api from '@portal/contract/routes';
import { ApiError, call, configureApi, REQUEST_TIMEOUT_MS } from './api';
import { local } from './storage';

type FetchArgs = [string, RequestInit];

function answer(status: number, body: unknown, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
}

let calls: FetchArgs[];
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

beforeEach(() => {
  vi.stubGlobal('window', { location: { origin: 'http://h5.test', pathname: '/flow', search: '?x=1' } });
  calls = [];
  navigate = vi.fn<(to: string) => void>();
  configureApi({ navigate, isCardExemptPath: (p) => p === '/bind_card' });
  local.clearAllExcept();
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

function stubFetch(respond: (url: string, init: RequestInit) => Promise<Response> | Response) {
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    calls.push([url, init]);
    return Promise.resolve(respond(url, init));
  });
}

describe('api client', () => {
  it('sends the Bearer token and the query, and returns data on code 0', async () => {
    local.set('token', 'tok-1');
    stubFetch(() => answer(200, { code: 0, message: 'ok', data: { a: 1 } }));
    await expect(call(api.cardInfo, { custom_num: '1000000001' })).resolves.toEqual({ a: 1 });
    const [url, init] = calls[0];
    expect(url).toBe('/api/v2/card/info?custom_num=1000000001');
    expect((init.headers as Record<string, string>).Authorization).toBe('Bearer tok-1');
  });

  it("takes over the answer index.html asked for this page's first read, once, and rotates the token it brings", async () => {
    local.set('token', 'tok-1');
    stubFetch(() => answer(200, { code: 0, message: 'ok', data: { asked: 'again' } }));
    const early = Promise.resolve(answer(200, { code: 0, message: 'ok', data: { asked: 'early' } }, { 'New-Token': 'tok-2' }));
    vi.stubGlobal('window', {
      location: { origin: 'http://h5.test', pathname: '/flow', search: '' },
      __portalEarly: { token: 'tok-1', at: Date.now(), answers: { '/api/v2/card/flow?custom_num=1000000001': early } },
    });
    await expect(call(api.flow, { custom_num: '1000000001' })).resolves.toEqual({ asked: 'early' });
    expect(calls).toHaveLength(0);
    expect(local.get('token')).toBe('tok-2');
    await expect(call(api.flow, { custom_num: '1000000001' })).resolves.toEqual({ asked: 'again' });
    expect(calls).toHaveLength(1);
  });

  it('sends no Authorization header without a token, and JSON bodies on POST', async () => {
    stubFetch(() => answer(200, { code: 0, message: 'ok', data: {} }));
    await call(api.sendSmsCode, { mobile: '13800138000' });
    const [, init] = calls[0];
    expect((init.headers as Record<string, string>).Authorization).toBeUndefined();
    expect(init.method).toBe('POST');
    expect(init.body).toBe('{"mobile":"13800138000"}');
  });

  it('replaces the stored token with a New-Token header', async () => {
    local.set('token', 'old');
    stubFetch(() => answer(200, { code: 0, message: 'ok', data: {} }, { 'New-Token': 'new' }));
    await call(api.session);
    expect(local.get('token')).toBe('new');
  });

  it('sets the time-out flag on a timeout and removes it on the next success', async () => {
    vi.useFakeTimers();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const pending = call(api.flow, { custom_num: '1000000001' }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    const err = (await pending) as ApiError;
    expect(err).toBeInstanceOf(ApiError);
    expect(err.kind).toBe('timeout');
    expect(err.message).toBe('服务器响应超时，请稍后再试');
    expect(local.get('timeout')).toBe(true);

    stubFetch(() => answer(200, { code: 0, message: 'ok', data: {} }));
    await call(api.flow, { custom_num: '1000000001' });
    expect(local.get('timeout')).toBeUndefined();
  });

  it('a caller abort is not a timeout and changes nothing', async () => {
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      return new Promise((_resolve, reject) =>
        init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
      );
    });
    const controller = new AbortController();
    const pending = call(api.flow, { custom_num: '1000000001' }, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(((await pending) as ApiError).kind).toBe('aborted');
    expect(local.get('timeout')).toBeUndefined();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a caller abort while the body is arriving is an abort, not a "request error" toast', async () => {
    const controller = new AbortController();
    vi.stubGlobal('fetch', (_url: string, init: RequestInit) => {
      // The headers have come; the body is cut off when the caller leaves, as a browser does.
      const body = new ReadableStream({
        start(stream) {
          init.signal!.addEventListener('abort', () => stream.error(new DOMException('aborted', 'AbortError')));
          setTimeout(() => controller.abort(), 0);
        },
      });
      return Promise.resolve(new Response(body, { status: 200, headers: { 'Content-Type': 'application/json' } }));
    });
    const err = await call(api.flow, { custom_num: '1000000001' }, { signal: controller.signal }).catch((e: unknown) => e);
    expect((err as ApiError).kind).toBe('aborted');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401: clears token and card data, goes to /login with redirect — once for parallel calls', async () => {
    local.set('token', 'expired');
    local.set('customNum', '1000000001');
    local.set('mobile', '13800138000');
    stubFetch(() => answer(401, { code: 40100, message: '登录已失效，请重新登录', data: null }));
    const results = await Promise.allSettled([
      call(api.flow, { custom_num: '1000000001' }),
      call(api.dailyFlow, { custom_num: '1000000001' }),
    ]);
    expect(results.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    expect(navigate).toHaveBeenCalledTimes(1);
    expect(navigate).toHaveBeenCalledWith('/login?redirect=%2Fflow%3Fx%3D1');
    expect(local.get('token')).toBeUndefined();
    expect(local.get('customNum')).toBeUndefined();
    expect(local.get('mobile')).toBe('13800138000');
  });

  it('40001 with HTTP 200 is a failure that ends the session', async () => {
    local.set('token', 'revoked');
    stubFetch(() => answer(200, { code: 40001, message: '您的登录已在其他地方失效，请重新登录', data: null }));
    await expect(call(api.bindList)).rejects.toMatchObject({ code: 40001, status: 200 });
    expect(navigate).toHaveBeenCalledWith('/login');
    expect(local.get('token')).toBeUndefined();
  });

  it('10000 drops the stored card and goes home, except on an exempt page', async () => {
    local.set('token', 't');
    local.set('customNum', '1999999999');
    stubFetch(() => answer(400, { code: 10000, message: '卡号不存在', data: null }));
    await expect(call(api.cardInfo, { custom_num: '1000000001' })).rejects.toMatchObject({ code: 10000 });
    expect(navigate).toHaveBeenCalledWith('/');
    expect(local.get('customNum')).toBeUndefined();
    expect(local.get('token')).toBe('t');

    vi.stubGlobal('window', { location: { origin: 'http://h5.test', pathname: '/bind_card', search: '' } });
    local.set('customNum', '1999999999');
    navigate.mockClear();
    await expect(call(api.cardInfo, { custom_num: '1000000001' })).rejects.toMatchObject({ code: 10000 });
    expect(navigate).not.toHaveBeenCalled();
    expect(local.get('customNum')).toBe('1999999999');
  });

  it('404 reaches the caller with its status and message', async () => {
    stubFetch(() => answer(404, { code: 40400, message: '请求的资源不存在', data: null }));
    await expect(call(api.orderDetail, { order_no: 'NOSUCH0001' })).rejects.toMatchObject({
      status: 404,
      code: 40400,
      message: '请求的资源不存在',
    });
    expect(navigate).not.toHaveBeenCalled();
  });

  it('a non-JSON error page is a request error', async () => {
    stubFetch(() => new Response('<html>Bad gateway</html>', { status: 502 }));
    await expect(call(api.flow, { custom_num: '1000000001' })).rejects.toMatchObject({ status: 502, message: '请求错误' });
  });
});

import { describe, expect, it } from 'vitest';
import { isChunkLoadError } from '../../app/pageLoad';
import { CHUNK_ERROR, releaseOf, ReportBuffer, reportOf, type Report } from './reports';
import { sampled, sampleRate } from './start';

const CARD = '89860012345678901234';

function errorWith(name: string, message: string, stack?: string): Error {
  const e = new Error(message);
  e.name = name;
  e.stack = stack;
  return e;
}

describe('reportOf: what the app met, as a report with nothing personal', () => {
  it.each<[string, unknown, string, Report | null]>([
    [
      'a TypeError with its top frame',
      errorWith(
        'TypeError',
        "Cannot read properties of undefined (reading 'flow')",
        "TypeError: Cannot read properties of undefined (reading 'flow')\n    at Home (https://h5.example.com/assets/Home-Bx12.js:1:2345)\n    at x (https://h5.example.com/assets/index-Aa1.js:9:9)",
      ),
      '/home',
      {
        kind: 'error',
        message:
          "TypeError: Cannot read properties of undefined (reading 'flow') @ Home (https://h5.example.com/assets/Home-Bx12.js:1:2345)",
        route: '/home',
      },
    ],
    [
      'a WebKit stack',
      errorWith('TypeError', 'undefined is not an object', 'Home@https://h5.example.com/assets/Home-Bx12.js:1:2345\nx@y'),
      '/home',
      {
        kind: 'error',
        message: 'TypeError: undefined is not an object @ Home@https://h5.example.com/assets/Home-Bx12.js:1:2345',
        route: '/home',
      },
    ],
    [
      'a card number in the message and the page',
      errorWith('Error', `no card ${CARD}`),
      `/pay/${CARD}`,
      { kind: 'error', message: 'Error: no card <n>', route: '/pay/<n>' },
    ],
    [
      'a chunk that failed, its query string dropped',
      errorWith('TypeError', 'Failed to fetch dynamically imported module: https://h5.example.com/assets/Recharge-Dk3.js?v=13800138000'),
      '/recharge',
      {
        kind: 'chunk',
        message: 'TypeError: Failed to fetch dynamically imported module: https://h5.example.com/assets/Recharge-Dk3.js',
        route: '/recharge',
      },
    ],
    ['a string thrown', 'boom 13800138000', '/', { kind: 'error', message: 'boom <n>', route: '/' }],
    ['nothing useful', undefined, '/', { kind: 'error', message: 'unknown error', route: '/' }],
    ['an object', { a: 1 }, '/', { kind: 'error', message: '[object Object]', route: '/' }],
    [
      'a failed call: its template, status and code',
      { route: 'GET /v2/card/info', status: 500, code: 50000 },
      '/home',
      { kind: 'api', message: 'GET /v2/card/info', route: 'GET /v2/card/info', status: 500, code: 50000 },
    ],
    [
      'a call without an answer',
      { route: 'POST /v1/login', status: 0 },
      '/login',
      { kind: 'api', message: 'POST /v1/login', route: 'POST /v1/login', status: 0 },
    ],
    ['a login that expired is no fault', { route: 'GET /v2/card/info', status: 401, code: 40100 }, '/home', null],
    ['an ApiError thrown on: reported as the call', errorWith('ApiError', '请求失败'), '/home', null],
    ['a call given up', errorWith('AbortError', 'aborted'), '/home', null],
  ])('%s', (_, what, page, expected) => {
    expect(reportOf(what, page)).toEqual(expected);
  });
});

describe('ReportBuffer: batches', () => {
  const r: Report = { kind: 'error', message: 'x', route: '/' };
  it('says when a batch is full and hands it over once', () => {
    const b = new ReportBuffer(3, 100);
    expect([b.add(r), b.add(r), b.add(r)]).toEqual([false, false, true]);
    expect(b.take()).toHaveLength(3);
    expect(b.take()).toEqual([]);
    expect(b.length).toBe(0);
  });
  it("keeps at most a page's share: an error in a loop is one fault", () => {
    const b = new ReportBuffer(20, 5);
    for (let i = 0; i < 50; i++) b.add(r);
    expect(b.take()).toHaveLength(5);
    b.add(r);
    expect(b.length).toBe(0);
  });
});

describe('releaseOf', () => {
  it.each([
    [undefined, 'https://h5.example.com/assets/index-B7x_k2Qa.js', 'B7x_k2Qa'],
    ['v1.4.2', 'https://h5.example.com/assets/index-B7x_k2Qa.js', 'v1.4.2'],
    ['', undefined, 'dev'],
    ['bad release/../x', undefined, 'badrelease..x'],
  ])('given %s, entry %s → %s', (given, entry, expected) => {
    expect(releaseOf(given, entry)).toBe(expected);
  });
});

describe("CHUNK_ERROR: the app's test for a page's code that failed to load", () => {
  it.each([
    'Failed to fetch dynamically imported module: https://h/assets/A-1.js',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/A-1.css',
    'error loading dynamically imported module',
    'TypeError: x is undefined',
    'Load failed',
  ])('%s', (message) => {
    expect(CHUNK_ERROR.test(message)).toBe(isChunkLoadError(new Error(message)));
  });
});

describe('sampling a visit', () => {
  it.each([
    [1, 0.999, true],
    [0, 0, false],
    [0.1, 0.05, true],
    [0.1, 0.1, false],
    [0.5, 0.7, false],
    [Number.NaN, 0, false],
    [2, 0.9, true],
  ])('rate %s, draw %s → %s', (rate, random, kept) => {
    expect(sampled(rate, random)).toBe(kept);
  });
  it.each([
    [undefined, 1],
    ['', 1],
    ['0.25', 0.25],
    ['0', 0],
    ['abc', 1],
  ])('VITE_ERROR_SAMPLE_RATE=%s → %s', (raw, rate) => {
    expect(sampleRate(raw)).toBe(rate);
  });
});

describe('failed calls reach the reporter through the error catalogue', () => {
  it('hears each failed call with its route template, and nothing without one', async () => {
    const { decideOnOutcome, listenToFailedCalls } = await import('../errorCatalogue');
    const heard: [string, unknown][] = [];
    listenToFailedCalls((route, outcome) => heard.push([route, outcome]));
    const ctx = { path: '/flow', search: '', cardExemptPage: false };
    decideOnOutcome({ kind: 'answer', status: 500, code: 50000 }, { ...ctx, route: 'GET /v2/card/info' });
    decideOnOutcome({ kind: 'timeout' }, { ...ctx, route: 'POST /v1/login' });
    decideOnOutcome({ kind: 'network' }, ctx);
    expect(heard).toEqual([
      ['GET /v2/card/info', { kind: 'answer', status: 500, code: 50000 }],
      ['POST /v1/login', { kind: 'timeout' }],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { ErrorReportBatch } from '@portal/contract';
import {
  apiFailureMessage,
  ERROR_REPORT_BATCH,
  groupTextOf,
  keptBySourceShare,
  MAX_MESSAGE,
  scrubRoute,
  scrubText,
  servedReleaseOf,
} from './errorReport';

describe('scrubText: nothing personal or secret leaves the phone or reaches the table', () => {
  it.each([
    ['card number (ICCID)', '卡号 89860012345678901234 不存在', '卡号 <n> 不存在'],
    ['mobile', 'sms to 13800138000 failed', 'sms to <n> failed'],
    ['mobile with spaces', '手机 138 0013 8000', '手机 <n>'],
    ['mobile with dashes', 'call 138-0013-8000 now', 'call <n> now'],
    ['ID number', 'id 11010519491231002X bad', 'id <n>X bad'],
    ['SMS code', 'code 482913 wrong', 'code <n> wrong'],
    [
      'query string',
      'GET https://h5.example.com/api/v2/card/info?custom_num=8986001&token=abc failed',
      'GET https://h5.example.com/api/v2/card/info failed',
    ],
    ['fragment', 'at /card_info#8986001', 'at /card_info'],
    ['bearer token', 'Authorization: Bearer abc.def', 'Authorization: Bearer <token>'],
    ['JWT', 'bad eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U end', 'bad <token> end'],
    ['hex token', 'session 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b expired', 'session <token> expired'],
    ['e-mail', 'user a.b@example.com', 'user <email>'],
    [
      'short numbers stay',
      "Cannot read properties of undefined (reading 'x') at 12:345",
      "Cannot read properties of undefined (reading 'x') at 12:345",
    ],
    [
      'words stay',
      'ResizeObserver loop completed with undelivered notifications',
      'ResizeObserver loop completed with undelivered notifications',
    ],
  ])('%s', (_, input, expected) => {
    expect(scrubText(input)).toBe(expected);
  });

  it('cuts long text', () => {
    const out = scrubText('x '.repeat(1000));
    expect(out.length).toBe(MAX_MESSAGE);
    expect(out.endsWith('…')).toBe(true);
  });

  it('keeps a route template, never its query', () => {
    expect(scrubRoute('/recharge?custom_num=8986001234567')).toBe('/recharge');
    expect(scrubRoute('GET /v2/card/info')).toBe('GET /v2/card/info');
  });
});

describe('groupTextOf: one fault, one group', () => {
  it('ignores line numbers and asset hashes', () => {
    expect(groupTextOf('error', 'TypeError: x is undefined at Card-Bx12aB9c.js:1:2345')).toBe(
      groupTextOf('error', 'TypeError: x is undefined at Card-Zz98qqW1.js:1:999'),
    );
  });
  it('tells kinds and messages apart', () => {
    expect(groupTextOf('error', 'a')).not.toBe(groupTextOf('chunk', 'a'));
    expect(groupTextOf('error', 'a')).not.toBe(groupTextOf('error', 'b'));
  });
  it('puts the same mobile and another in one group', () => {
    expect(groupTextOf('error', 'no card for 13800138000')).toBe(groupTextOf('error', 'no card for 13900139000'));
  });
});

describe('apiFailureMessage', () => {
  it.each([
    ['GET /v2/card/info', 500, 50000, 'GET /v2/card/info HTTP 500 业务码 50000'],
    ['POST /v1/login', 0, undefined, 'POST /v1/login 网络不通或超时'],
    ['GET /v2/card/info?custom_num=89860012345678901234', 404, 40400, 'GET /v2/card/info HTTP 404 业务码 40400'],
  ] as const)('%s %s %s', (route, status, code, expected) => {
    expect(apiFailureMessage(route, status, code)).toBe(expected);
  });
});

describe('ERROR_REPORT_BATCH', () => {
  it("is what the endpoint's schema takes in one batch", () => {
    const batch = (n: number) => ({ release: 'r1', reports: Array.from({ length: n }, () => ({ kind: 'error', message: 'x' })) });
    expect(ErrorReportBatch.safeParse(batch(ERROR_REPORT_BATCH)).success).toBe(true);
    expect(ErrorReportBatch.safeParse(batch(ERROR_REPORT_BATCH + 1)).success).toBe(false);
  });
});

describe('servedReleaseOf: the release of the build the server serves', () => {
  it.each([
    ['a built index.html', '<script type="module" crossorigin src="/assets/index-B7kq2xY9.js"></script>', 'B7kq2xY9'],
    ['an inline import of the entry', '<script>import("/assets/index-Ab_c-1.js")</script>', 'Ab_c-1'],
    ['the source index.html (a developer’s)', '<script type="module" src="/src/main.tsx"></script>', null],
    ['another chunk only', '<link rel="modulepreload" href="/assets/vendor-X1.js">', null],
    ['nothing', '', null],
  ])('%s', (_, html, expected) => {
    expect(servedReleaseOf(html)).toBe(expected);
  });
});

describe('keptBySourceShare: pruning that keeps every source’s share', () => {
  /** rows most recently seen first, as `source:count` runs in order */
  const rowsOf = (...runs: [string, number][]) => {
    let id = 0;
    return runs.flatMap(([source, n]) => Array.from({ length: n }, () => ({ id: ++id, source })));
  };
  const keptPerSource = (rows: { id: number; source: string }[], keep: number) => {
    const kept = keptBySourceShare(rows, keep);
    const out: Record<string, number> = {};
    for (const r of rows) if (kept.has(r.id)) out[r.source] = (out[r.source] ?? 0) + 1;
    return out;
  };
  it.each([
    ['under the cap: all kept', rowsOf(['a', 3], ['b', 2]), 10, { a: 3, b: 2 }],
    [
      'a flood, most recent, and three genuine sources',
      rowsOf(['flood', 20], ['g1', 2], ['g2', 2], ['g3', 2]),
      10,
      { flood: 4, g1: 2, g2: 2, g3: 2 },
    ],
    ['two floods share what the small sources leave', rowsOf(['f1', 50], ['f2', 50], ['g', 1]), 11, { f1: 5, f2: 5, g: 1 }],
    ['more sources than places: the most recently seen', rowsOf(['a', 1], ['b', 1], ['c', 1], ['d', 1]), 2, { a: 1, b: 1 }],
    ['a slot left after the share goes to the most recent of the rest', rowsOf(['a', 5], ['b', 5]), 5, { a: 3, b: 2 }],
    ['keep nothing', rowsOf(['a', 2]), 0, {}],
  ])('%s', (_, rows, keep, expected) => {
    expect(keptPerSource(rows, keep)).toEqual(expected);
    expect(keptBySourceShare(rows, keep).size).toBe(Math.min(keep, rows.length));
  });
});

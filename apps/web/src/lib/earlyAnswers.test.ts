import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { EARLY_ANSWER_FOR_MS, takeEarlyAnswer } from './earlyAnswers';

const answer = Promise.resolve(new Response('{}'));

describe('takeEarlyAnswer', () => {
  beforeEach(() => {
    vi.stubGlobal('window', {
      __portalEarly: { token: 't1', at: 1_000, answers: { '/api/v1/order/list?custom_num=9&page=1&status=all': answer } },
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it('hands the answer of the same request over once, whatever the order of its query', () => {
    expect(takeEarlyAnswer('/api/v1/order/list?status=all&page=1&custom_num=9', 't1', 2_000)).toBe(answer);
    expect(takeEarlyAnswer('/api/v1/order/list?custom_num=9&page=1&status=all', 't1', 2_000)).toBeUndefined();
  });

  it.each([
    ['another token', '/api/v1/order/list?custom_num=9&page=1&status=all', 't2', 2_000],
    ['no token', '/api/v1/order/list?custom_num=9&page=1&status=all', undefined, 2_000],
    ['another card', '/api/v1/order/list?custom_num=8&page=1&status=all', 't1', 2_000],
    ['another query', '/api/v1/order/list?custom_num=9&page=2&status=all', 't1', 2_000],
    ['another path', '/api/v1/order/detail?custom_num=9&page=1&status=all', 't1', 2_000],
    ['too late', '/api/v1/order/list?custom_num=9&page=1&status=all', 't1', 1_000 + EARLY_ANSWER_FOR_MS + 1],
  ] as const)('asks afresh for %s', (_, url, token, now) => {
    expect(takeEarlyAnswer(url, token, now)).toBeUndefined();
    // and the answer stays for the request it was made for
    expect(takeEarlyAnswer('/api/v1/order/list?custom_num=9&page=1&status=all', 't1', 2_000)).toBe(answer);
  });

  it('nothing to take on a visit the script asked nothing for', () => {
    vi.stubGlobal('window', {});
    expect(takeEarlyAnswer('/api/v2/messages', 't1')).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { busiestWindow, reserve, spacingMs, type RateLimit } from './pacing';

const perSecond = (calls: number): RateLimit => ({ calls, windowMs: 1000 });

describe('spacingMs: the least time between calls under every limit, a late departure allowed for', () => {
  it.each([
    ['5 a second, no lateness', [perSecond(5)], 0, 200],
    ['5 a second, 100 ms late at most', [perSecond(5)], 100, 220],
    ['100 a second, 100 ms late', [perSecond(100)], 100, 11],
    ['a minute limit tighter than the second', [perSecond(10), { calls: 300, windowMs: 60_000 }], 0, 200],
    ['a day limit tighter than both', [perSecond(10), { calls: 600, windowMs: 60_000 }, { calls: 86_400, windowMs: 86_400_000 }], 0, 1000],
    ['a fractional grant counts whole calls', [perSecond(2.5)], 0, 500],
    ['no limit at all', [], 100, 0],
    ['a limit of none', [perSecond(0)], 0, Number.POSITIVE_INFINITY],
  ])('%s', (_name, limits, late, want) => {
    expect(spacingMs(limits, late)).toBe(want);
  });
});

describe('reserve: moments for calls, spaced, shared through one next-free moment', () => {
  it.each([
    [
      'nothing recorded: from now',
      { nextFree: null, now: 1000, spacingMs: 200, n: 3, aheadMs: 1000 },
      { times: [1000, 1200, 1400], nextFree: 1600 },
    ],
    [
      'a next free moment passed: from now',
      { nextFree: 500, now: 1000, spacingMs: 200, n: 2, aheadMs: 1000 },
      { times: [1000, 1200], nextFree: 1400 },
    ],
    [
      'after another process’s moments',
      { nextFree: 1300, now: 1000, spacingMs: 200, n: 2, aheadMs: 1000 },
      { times: [1300, 1500], nextFree: 1700 },
    ],
    [
      'no further ahead than allowed',
      { nextFree: 1700, now: 1000, spacingMs: 200, n: 5, aheadMs: 1000 },
      { times: [1700, 1900], nextFree: 2100 },
    ],
    ['the first too far ahead: wait', { nextFree: 2300, now: 1000, spacingMs: 200, n: 2, aheadMs: 1000 }, { retryAfterMs: 300 }],
    [
      'a clock set back: afresh',
      { nextFree: 10_000_000, now: 1000, spacingMs: 200, n: 1, aheadMs: 1000 },
      { times: [1000], nextFree: 1200 },
    ],
    [
      'no call allowed at all',
      { nextFree: null, now: 1000, spacingMs: Number.POSITIVE_INFINITY, n: 1, aheadMs: 1000 },
      { retryAfterMs: 1000 },
    ],
  ])('%s', (_name, input, want) => {
    expect(reserve(input)).toEqual(want);
  });

  it('moments reserved by turns, by any number of callers, never put more than the limit in any rolling second, however late within the allowance they leave', () => {
    for (const limit of [1, 5, 7, 100]) {
      const spacing = spacingMs([perSecond(limit)], 100);
      let nextFree: number | null = null;
      const sent: number[] = [];
      for (let now = 0; now < 10_000; now += 37) {
        const r = reserve({ nextFree, now, spacingMs: spacing, n: 3, aheadMs: 500 });
        if (!('times' in r)) continue;
        nextFree = r.nextFree;
        // each call leaves up to 100 ms late, the later ones earliest: the worst for a window
        r.times.forEach((t, i) => sent.push(t + (i === 0 ? 100 : 0)));
      }
      expect(busiestWindow(sent, 1000)).toBeLessThanOrEqual(limit);
      expect(sent.length).toBeGreaterThan(limit * 8);
    }
  });
});

describe('busiestWindow: the most calls in any rolling window', () => {
  it.each([
    ['none', [], 0],
    ['one', [5], 1],
    [
      '5 at the end of a second and 5 at the start of the next: 10 in a rolling second',
      [900, 920, 940, 960, 980, 1000, 1020, 1040, 1060, 1080],
      10,
    ],
    ['exactly a window apart count apart', [0, 1000, 2000], 1],
    ['just inside a window', [0, 999], 2],
    ['any order', [1500, 100, 1400, 200], 2],
  ])('%s', (_name, times, want) => {
    expect(busiestWindow(times, 1000)).toBe(want);
  });
});

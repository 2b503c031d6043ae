import { describe, expect, it } from 'vitest';
import { batchSize, busiestWindow, leadMs, onTime, reserve, spacingMs, type RateLimit } from './pacing';

const perSecond = (calls: number): RateLimit => ({ calls, windowMs: 1000 });

describe('spacingMs: the least time between moments under every limit, a late arrival allowed for', () => {
  it.each([
    ['5 a second, no allowance', [perSecond(5)], 0, 200],
    ['5 a second, arrivals up to 100 ms late', [perSecond(5)], 100, 220],
    ['2 a second, 100 ms', [perSecond(2)], 100, 550],
    ['100 a second, 100 ms', [perSecond(100)], 100, 11],
    ['a minute limit tighter than the second', [perSecond(10), { calls: 300, windowMs: 60_000 }], 0, 200],
    ['a minute limit looser than the second', [perSecond(5), { calls: 6000, windowMs: 60_000 }], 100, 220],
    ['a day limit tighter than both', [perSecond(10), { calls: 600, windowMs: 60_000 }, { calls: 86_400, windowMs: 86_400_000 }], 0, 1000],
    ['a fractional grant counts whole calls', [perSecond(2.5)], 0, 500],
    ['a negative allowance is none', [perSecond(5)], -50, 200],
    ['no limit at all', [], 100, 0],
    ['a limit of none', [perSecond(0)], 0, Number.POSITIVE_INFINITY],
  ])('%s', (_name, limits, allowance, want) => {
    expect(spacingMs(limits, allowance)).toBe(want);
  });
});

describe('batchSize: moments per database trip, covering a stretch of time', () => {
  it.each([
    ['100 a second (11 ms), 200 ms', 11, 200, 50, 18],
    ['5 a second (220 ms): one', 220, 200, 50, 1],
    ['20 a second (55 ms)', 55, 200, 50, 3],
    ['very fast: capped', 0.5, 200, 50, 50],
    ['no limit (spacing 0): one at a time', 0, 200, 50, 1],
    ['no call allowed', Number.POSITIVE_INFINITY, 200, 50, 1],
  ])('%s', (_name, spacing, cover, max, want) => {
    expect(batchSize(spacing, cover, max)).toBe(want);
  });
});

describe('leadMs: how far ahead a batch starts, from the last trip', () => {
  it.each([
    ['no trip yet', 0, 10],
    ['a fast trip: the floor', 3, 10],
    ['a 40 ms trip: twice', 40, 80],
    ['a fractional trip rounds up', 12.2, 25],
    ['a very slow trip: the ceiling', 500, 300],
    ['not a number', Number.NaN, 10],
  ])('%s', (_name, trip, want) => {
    expect(leadMs(trip, 10, 300)).toBe(want);
  });
});

describe('reserve: consecutive moments, shared through the last moment handed out', () => {
  it.each([
    [
      'nothing recorded: from now plus the lead',
      { last: null, now: 1000, spacingMs: 200, n: 3, leadMs: 50, aheadMs: 1000 },
      { times: [1050, 1250, 1450], last: 1450 },
    ],
    [
      'the last moment long past: from now plus the lead',
      { last: 300, now: 1000, spacingMs: 200, n: 2, leadMs: 0, aheadMs: 1000 },
      { times: [1000, 1200], last: 1200 },
    ],
    [
      'the spacing after the last moment falls inside the lead: the lead',
      { last: 850, now: 1000, spacingMs: 200, n: 1, leadMs: 80, aheadMs: 1000 },
      { times: [1080], last: 1080 },
    ],
    [
      'after another process’s moments: its last plus the spacing',
      { last: 1100, now: 1000, spacingMs: 200, n: 2, leadMs: 50, aheadMs: 1000 },
      { times: [1300, 1500], last: 1500 },
    ],
    [
      'a limit lowered since the last batch: spaced by the new spacing, not the old one',
      { last: 1000, now: 1000, spacingMs: 550, n: 1, leadMs: 10, aheadMs: 1000 },
      { times: [1550], last: 1550 },
    ],
    [
      'the whole batch, though it reaches past the first moment’s limit',
      { last: 1700, now: 1000, spacingMs: 200, n: 3, leadMs: 0, aheadMs: 1000 },
      { times: [1900, 2100, 2300], last: 2300 },
    ],
    ['the first too far ahead: wait', { last: 2100, now: 1000, spacingMs: 200, n: 2, leadMs: 0, aheadMs: 1000 }, { retryAfterMs: 300 }],
    [
      'a clock set back: afresh',
      { last: 10_000_000, now: 1000, spacingMs: 200, n: 1, leadMs: 0, aheadMs: 1000 },
      { times: [1000], last: 1000 },
    ],
    [
      'a day limit’s long spacing is not mistaken for a clock set back',
      { last: 1000, now: 1000, spacingMs: 86_400, n: 1, leadMs: 0, aheadMs: 1000 },
      { retryAfterMs: 85_400 },
    ],
    [
      'no call allowed at all',
      { last: null, now: 1000, spacingMs: Number.POSITIVE_INFINITY, n: 1, leadMs: 0, aheadMs: 1000 },
      { retryAfterMs: 1000 },
    ],
  ])('%s', (_name, input, want) => {
    expect(reserve(input)).toEqual(want);
  });
});

describe('onTime: a held moment is waited for, used, or left for a later one', () => {
  it.each([
    ['before it', 1000, 990, 'wait'],
    ['at it', 1000, 1000, 'go'],
    ['late within the allowance', 1000, 1060, 'go'],
    ['later than that', 1000, 1061, 'missed'],
  ])('%s', (_name, moment, now, want) => {
    expect(onTime(moment, now, 60)).toBe(want);
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
    ['moments 200 ms apart sent up to 150 ms late, then on time: six in a second of five', [150, 350, 550, 600, 800, 1000, 1200], 6],
  ])('%s', (_name, times, want) => {
    expect(busiestWindow(times, 1000)).toBe(want);
  });
});

/** A small deterministic generator, so that a failure here is the same failure on every run. */
function random(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

/**
 * Processes reserving batches by turns from one last moment (trips of random length), waking
 * up at random lateness, using a moment only when onTime says so, and each call arriving at the
 * platform up to `jitterMs` after that: the arrival times.
 */
function simulate(o: {
  limits: RateLimit[];
  lateMs: number;
  jitterMs: number;
  processes: number;
  seconds: number;
  seed: number;
  wakeLateMs: number;
}) {
  const rnd = random(o.seed);
  const spacing = spacingMs(o.limits, o.lateMs + o.jitterMs);
  const n = batchSize(spacing, 200, 50);
  let last: number | null = null;
  const arrivals: number[] = [];
  let missed = 0;
  const clockOf = Array.from({ length: o.processes }, (_, i) => i * 7);
  const end = o.seconds * 1000;
  for (;;) {
    // the process furthest behind asks next: the database takes trips one after another
    const p = clockOf.indexOf(Math.min(...clockOf));
    const now = clockOf[p]!;
    if (now >= end) break;
    const trip = rnd() * 40;
    const r = reserve({ last, now, spacingMs: spacing, n, leadMs: leadMs(trip, 10, 300), aheadMs: 1500 });
    if (!('times' in r)) {
      clockOf[p] = now + r.retryAfterMs;
      continue;
    }
    last = Math.ceil(r.last);
    let t = now + trip;
    for (const at of r.times) {
      // a wake-up as late as the event loop makes it, sometimes far later than allowed
      const woke = Math.max(t, at) + (rnd() < 0.02 ? rnd() * o.wakeLateMs : rnd() * 5);
      t = woke;
      if (onTime(at, woke, o.lateMs) === 'go') arrivals.push(woke + rnd() * o.jitterMs);
      else missed += 1;
    }
    clockOf[p] = t;
  }
  return { arrivals, missed };
}

describe('the pacing as a whole: never above a limit in any rolling window, however late processes wake', () => {
  it.each([
    ['1 a second, 2 processes', [perSecond(1)], 2, 1],
    ['2 a second, 2 processes', [perSecond(2)], 2, 2],
    ['5 a second, 3 processes', [perSecond(5)], 3, 3],
    ['7 a second, 1 process', [perSecond(7)], 1, 4],
    ['100 a second, 2 processes', [perSecond(100)], 2, 5],
    ['100 a second, 4 processes', [perSecond(100)], 4, 6],
  ])('%s', (_name, limits, processes, seed) => {
    const { arrivals } = simulate({ limits, lateMs: 60, jitterMs: 40, processes, seconds: 30, seed, wakeLateMs: 400 });
    expect(busiestWindow(arrivals, 1000)).toBeLessThanOrEqual(limits[0]!.calls);
    // and the limit is used: at least 60 % of what the spacing allows over the run, late wake-ups and all
    expect(arrivals.length).toBeGreaterThan(0.6 * 30 * (1000 / spacingMs(limits, 100)));
  });

  it('a minute limit holds in every rolling minute as well as the second', () => {
    const limits = [perSecond(10), { calls: 120, windowMs: 60_000 }];
    const { arrivals } = simulate({ limits, lateMs: 60, jitterMs: 40, processes: 2, seconds: 300, seed: 9, wakeLateMs: 400 });
    expect(busiestWindow(arrivals, 60_000)).toBeLessThanOrEqual(120);
    expect(busiestWindow(arrivals, 1000)).toBeLessThanOrEqual(10);
    expect(arrivals.length).toBeGreaterThan(450);
  });

  it('calls made however late they woke (no onTime) do go above the limit: why a missed moment is left', () => {
    const limits = [perSecond(5)];
    const spacing = spacingMs(limits, 100);
    // one process's batch woken 400 ms late and sent at once, then the next moments on time
    const moments = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * spacing);
    const sent = moments.map((m, i) => (i < 3 ? moments[2]! + 400 : m));
    expect(busiestWindow(sent, 1000)).toBeGreaterThan(5);
  });
});

import { describe, expect, it } from 'vitest';
import { slotCutoffMs, slotsPerSecond } from './pacing';

describe('slotCutoffMs: slots end earlier in the second the later this process runs', () => {
  it.each([
    // lag (ms), last millisecond of the second that still hands out a slot
    [0, 900],
    [3, 897],
    [120, 780],
    [399.6, 500],
    [400, 500],
    [2000, 500],
    [-5, 900],
    [Number.NaN, 900],
    [Number.POSITIVE_INFINITY, 500],
  ])('lag %s ms → %s', (lag, cutoff) => {
    expect(slotCutoffMs(lag)).toBe(cutoff);
  });
});

describe('slotsPerSecond: a twentieth of a busy account’s second is kept for calls that arrive late', () => {
  it.each([
    // calls a second granted, slots handed out
    [1, 1],
    [5, 5],
    [19, 19],
    [20, 19],
    [21, 19],
    [40, 38],
    [100, 95],
    [250, 237],
    [0, 0],
    [-3, 0],
    [Number.NaN, 0],
  ])('granted %s → %s', (limit, slots) => {
    expect(slotsPerSecond(limit)).toBe(slots);
  });
});

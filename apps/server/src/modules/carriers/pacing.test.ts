import { describe, expect, it } from 'vitest';
import { slotCutoffMs } from './pacing';

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

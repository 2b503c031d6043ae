import { describe, expect, it } from 'vitest';
import { daysLeft, formatValidUntil, lastValidDay } from './validity';

describe('valid until: the last China-time day something works', () => {
  it.each([
    // a monthly package ending at the start of December (China midnight = 16:00 UTC the day before)
    ['2026-11-30T16:00:00.000Z', '2026-11-30'],
    // an end one millisecond into a day: that day still works
    ['2026-11-30T16:00:00.001Z', '2026-12-01'],
    // an end in the afternoon China time: that day still works
    ['2026-12-01T06:30:00.000Z', '2026-12-01'],
    // written with an offset
    ['2026-12-01T00:00:00+08:00', '2026-11-30'],
    // a bare date is already the last day
    ['2026-11-30', '2026-11-30'],
    ['', ''],
    [null, ''],
    [undefined, ''],
    ['0001-01-01T00:00:00Z', ''],
    ['not a date', ''],
  ])('lastValidDay(%s) = %s', (end, day) => expect(lastValidDay(end)).toBe(day));

  it.each([
    ['2026-11-30T16:00:00.000Z', '2026-11-30'],
    ['', '-'],
    [null, '-'],
  ])('formatValidUntil(%s) = %s', (end, shown) => expect(formatValidUntil(end)).toBe(shown));

  it.each([
    // now: 2026-11-24 10:00 China time
    ['2026-11-30T16:00:00.000Z', 6],
    ['2026-11-24T16:00:00.000Z', 0],
    ['2026-11-25T16:00:00.000Z', 1],
    ['2026-11-23T16:00:00.000Z', -1],
    ['', null],
  ])('daysLeft(%s) = %s', (end, days) => expect(daysLeft(end, new Date('2026-11-24T02:00:00Z'))).toBe(days));
});

import { describe, expect, it } from 'vitest';
import { periodStartOf, reconcileMonth } from './reconcile';

const m = (o: Record<string, number>) => new Map(Object.entries(o));

describe('reconcileMonth: the month rows add up to the platform month figure', () => {
  it.each([
    [
      'nothing on record: all of it today',
      { today: '2026-11-27', periodStart: '2026-11-01', monthKb: 5000, known: m({}) },
      { todayKb: 5000 },
    ],
    [
      'the other days are taken off',
      { today: '2026-11-27', periodStart: '2026-11-01', monthKb: 5000, known: m({ '2026-11-25': 1000, '2026-11-26': 1500 }) },
      { todayKb: 2500 },
    ],
    [
      'days of last month do not count',
      { today: '2026-11-02', periodStart: '2026-11-01', monthKb: 700, known: m({ '2026-10-31': 9000, '2026-11-01': 200 }) },
      { todayKb: 500 },
    ],
    [
      'a later day on record does not count',
      { today: '2026-11-20', periodStart: '2026-11-01', monthKb: 700, known: m({ '2026-11-21': 9000 }) },
      { todayKb: 700 },
    ],
    [
      'a month figure trailing the days gives 0, never negative',
      { today: '2026-11-27', periodStart: '2026-11-01', monthKb: 100, known: m({ '2026-11-26': 300 }) },
      { todayKb: 0 },
    ],
    ['fractions are rounded', { today: '2026-11-27', periodStart: '2026-11-01', monthKb: 100.6, known: m({}) }, { todayKb: 101 }],
    [
      'first read: the month before the window goes on its last uncovered day, today keeps its own figure',
      {
        today: '2026-11-27',
        periodStart: '2026-11-01',
        monthKb: 10_000,
        known: m({ '2026-11-20': 500, '2026-11-26': 500 }),
        todayKb: 800,
        uncoveredDay: '2026-11-19',
      },
      { todayKb: 800, earlier: { day: '2026-11-19', kb: 8200 } },
    ],
    [
      "first read: today's figure above what the month leaves is cut to it",
      {
        today: '2026-11-27',
        periodStart: '2026-11-01',
        monthKb: 1000,
        known: m({ '2026-11-26': 900 }),
        todayKb: 800,
        uncoveredDay: '2026-11-19',
      },
      { todayKb: 100, earlier: { day: '2026-11-19', kb: 0 } },
    ],
    [
      'an uncovered day in last month is not used',
      { today: '2026-11-03', periodStart: '2026-11-01', monthKb: 1000, known: m({}), todayKb: 300, uncoveredDay: '2026-10-27' },
      { todayKb: 1000 },
    ],
  ])('%s', (_name, input, want) => {
    expect(reconcileMonth(input)).toEqual(want);
  });
});

describe('reconcileMonth over a billing cycle', () => {
  it('counts the days from the cycle start, across the month boundary', () => {
    expect(
      reconcileMonth({
        today: '2026-12-02',
        periodStart: '2026-11-27',
        monthKb: 1000,
        known: m({ '2026-11-26': 500, '2026-11-27': 100, '2026-12-01': 200 }),
      }),
    ).toEqual({ todayKb: 700 });
  });
});

describe('periodStartOf', () => {
  it.each([
    ['2026-11-27', 1, '2026-11-01'],
    ['2026-11-01', 1, '2026-11-01'],
    ['2026-11-27', 27, '2026-11-27'],
    ['2026-11-26', 27, '2026-10-27'],
    ['2026-01-05', 27, '2025-12-27'],
    ['2026-03-31', 31, '2026-03-28'],
    ['2026-03-05', 0, '2026-03-01'],
  ])('%s from day %i → %s', (today, start, want) => {
    expect(periodStartOf(today, start)).toBe(want);
  });
});

import { describe, expect, it } from 'vitest';
import { axisFor, chooseUnit, layoutDailyChart, MIN_BAR_PX, monthLabel, niceCeil, shortDate, tickLabel } from './chartScale';

const GB = 1024 * 1024;
const box = { width: 330, height: 180, top: 10, right: 10, bottom: 20, left: 40 };

describe('niceCeil', () => {
  it.each([
    [0, 1],
    [0.3, 0.5],
    [1, 1],
    [1.2, 2],
    [2.2, 2.5],
    [3, 5],
    [7, 10],
    [11, 20],
    [240, 250],
    [0.075, 0.1],
  ])('%f → %f', (v, expected) => expect(niceCeil(v)).toBe(expected));
});

describe('axis', () => {
  it.each([
    [0, 'MB'],
    [500, 'KB'],
    [1024, 'MB'],
    [900 * 1024, 'MB'],
    [GB, 'GB'],
    [6 * GB, 'GB'],
  ] as const)('unit for %i KB is %s', (kb, unit) => expect(chooseUnit(kb)).toBe(unit));

  it.each([
    [0, 'MB', [0, 1, 2, 3, 4]],
    [1_800_000, 'GB', [0, 0.5, 1, 1.5, 2]],
    [6_000_000, 'GB', [0, 2, 4, 6, 8]],
    [300_000, 'MB', [0, 100, 200, 300, 400]],
    [3 * GB, 'GB', [0, 1, 2, 3, 4]],
  ] as const)('max %i KB: %s ticks %j', (kb, unit, ticks) => {
    const a = axisFor(kb);
    expect(a.unit).toBe(unit);
    expect(a.ticks).toEqual(ticks);
    expect(a.max).toBe(ticks[4]);
  });

  it('always covers the largest value', () => {
    for (const kb of [1, 999, 1025, 5_000_000, 123_456_789]) {
      const a = axisFor(kb);
      const div = a.unit === 'GB' ? GB : a.unit === 'MB' ? 1024 : 1;
      expect(a.max * div).toBeGreaterThanOrEqual(kb);
    }
  });
});

describe('layoutDailyChart', () => {
  const records = Array.from({ length: 30 }, (_, i) => ({
    date: `2026-11-${String(i + 1).padStart(2, '0')}`,
    used_kb: i === 29 ? GB : i === 0 ? 0 : 10,
  }));
  const l = layoutDailyChart(records, box);

  it('has one bar per day inside the plot, left to right', () => {
    expect(l.bars).toHaveLength(30);
    expect(l.bars[0].slotX).toBe(40);
    expect(l.bars[29].slotX + l.bars[29].slotWidth).toBeCloseTo(320);
    for (const b of l.bars) {
      expect(b.x).toBeGreaterThanOrEqual(l.plot.x);
      expect(b.y + b.height).toBeCloseTo(l.plot.y + l.plot.height);
    }
  });

  it('scales the tallest bar against the axis maximum', () => {
    // 1 GB on a 0..1 GB axis (step 0.25 GB): the bar reaches the top
    expect(l.axis).toMatchObject({ unit: 'GB', step: 0.25, max: 1 });
    expect(l.bars[29].height).toBeCloseTo(l.plot.height);
    expect(l.bars[29].y).toBeCloseTo(l.plot.y);
  });

  it('draws no bar for a day without use and a visible sliver for a tiny one', () => {
    expect(l.bars[0].height).toBe(0);
    expect(l.bars[1].height).toBe(MIN_BAR_PX);
  });

  it('puts tick lines from the baseline up to the top of the plot', () => {
    expect(l.tickY[0]).toBe(l.plot.y + l.plot.height);
    expect(l.tickY[4]).toBe(l.plot.y);
  });

  it('labels today and every 7th day before it', () => {
    expect(l.labelled).toEqual([1, 8, 15, 22, 29]);
  });

  it('copes with no records', () => {
    const empty = layoutDailyChart([], box);
    expect(empty.bars).toEqual([]);
    expect(empty.axis.ticks).toEqual([0, 1, 2, 3, 4]);
  });
});

describe('labels', () => {
  it.each([
    [0, '0'],
    [0.5, '0.5'],
    [2.5, '2.5'],
    [100, '100'],
  ])('tick %f → %s', (v, s) => expect(tickLabel(v)).toBe(s));
  it('short date', () => expect(shortDate('2026-11-20')).toBe('11-20'));
  it.each([
    ['2026-11', '2026年11月'],
    ['2026-01-01', '2026年1月'],
    ['odd', 'odd'],
  ])('month %s → %s', (m, s) => expect(monthLabel(m)).toBe(s));
});

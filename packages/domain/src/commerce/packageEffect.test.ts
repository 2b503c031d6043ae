import { describe, expect, it } from 'vitest';
import { monthSegments, packageEffect, periodEnd, type CardPackageRow, type PackageSpec } from './packageEffect';

const now = new Date('2025-03-10T04:00:00.000Z'); // 12:00 China time
const spec = (o: Partial<PackageSpec>): PackageSpec => ({ name: 'x', package_type: 3, period: 2, period_count: 1, flow_mb: 1024, ...o });
const current: CardPackageRow = { id: 7, package_type: 3, started_at: '2025-02-28T16:00:00.000Z', expired_at: '2025-03-31T16:00:00.000Z' };
const queued: CardPackageRow = { id: 8, package_type: 3, started_at: '2025-03-31T16:00:00.000Z', expired_at: '2025-04-30T16:00:00.000Z' };
const expired: CardPackageRow = { id: 6, package_type: 3, started_at: '2025-01-31T16:00:00.000Z', expired_at: '2025-02-28T16:00:00.000Z' };

describe('periodEnd', () => {
  it.each<[string, number, number, string]>([
    ['2025-03-10T04:00:00.000Z', 1, 1, '2025-03-11T04:00:00.000Z'],
    ['2025-03-10T04:00:00.000Z', 1, 30, '2025-04-09T04:00:00.000Z'],
    ['2025-03-10T04:00:00.000Z', 2, 1, '2025-04-10T04:00:00.000Z'],
    ['2025-03-10T04:00:00.000Z', 2, 12, '2026-03-10T04:00:00.000Z'],
    // 31 Jan (China) + 1 month → 28 Feb (China), not 3 March
    ['2025-01-31T02:00:00.000Z', 2, 1, '2025-02-28T02:00:00.000Z'],
    // China date differs from the UTC date: 1 Mar 01:00 China is 28 Feb 17:00 UTC
    ['2025-02-28T17:00:00.000Z', 2, 1, '2025-03-31T17:00:00.000Z'],
    ['2024-01-31T02:00:00.000Z', 2, 1, '2024-02-29T02:00:00.000Z'],
  ])('%s period %s × %s → %s', (start, period, count, end) => expect(periodEnd(new Date(start), period, count).toISOString()).toBe(end));
  it('refuses nonsense', () => {
    expect(() => periodEnd(now, 3, 1)).toThrow();
    expect(() => periodEnd(now, 1, 0)).toThrow();
  });
});

describe('monthSegments: data renews at each China-time month start', () => {
  it('splits at 1 April and 1 May 00:00 China time', () => {
    expect(monthSegments(now, new Date('2025-05-10T04:00:00.000Z'), 100)).toEqual([
      { started_at: '2025-03-10T04:00:00.000Z', expired_at: '2025-03-31T16:00:00.000Z', total_kb: 100 },
      { started_at: '2025-03-31T16:00:00.000Z', expired_at: '2025-04-30T16:00:00.000Z', total_kb: 100 },
      { started_at: '2025-04-30T16:00:00.000Z', expired_at: '2025-05-10T04:00:00.000Z', total_kb: 100 },
    ]);
  });
});

describe('packageEffect', () => {
  const cardExp = '2025-06-01T00:00:00.000Z';
  it('basic with nothing in force starts now', () => {
    expect(packageEffect(spec({}), [expired], '', now)).toEqual({
      kind: 'new',
      segments: [{ started_at: now.toISOString(), expired_at: '2025-04-10T04:00:00.000Z', total_kb: 1024 * 1024 }],
      card_expires_at: '2025-04-10T04:00:00.000Z',
    });
  });
  it('basic queues after the last package (current and queued)', () => {
    const e = packageEffect(spec({}), [current, queued], cardExp, now);
    expect(e).toMatchObject({
      kind: 'new',
      segments: [{ started_at: '2025-04-30T16:00:00.000Z', expired_at: '2025-05-31T16:00:00.000Z' }],
    });
    // the card's expiry never moves backwards
    expect(e.kind === 'new' && e.card_expires_at).toBe(cardExp);
  });
  it('basic X day (5) for 7 days queues after the current one', () => {
    expect(packageEffect(spec({ package_type: 5, period: 1, period_count: 7 }), [current], '', now)).toMatchObject({
      kind: 'new',
      segments: [{ started_at: current.expired_at, expired_at: '2025-04-07T16:00:00.000Z' }],
    });
  });
  it('month reset (9) for 2 months is one row per China month', () => {
    const e = packageEffect(spec({ package_type: 9, period_count: 2 }), [], '', now);
    expect(e.kind === 'new' && e.segments.map((s) => s.started_at)).toEqual([
      '2025-03-10T04:00:00.000Z',
      '2025-03-31T16:00:00.000Z',
      '2025-04-30T16:00:00.000Z',
    ]);
  });
  it.each([2, 4])('refuel (%s) adds data to the package in force, same expiry', (t) => {
    expect(packageEffect(spec({ package_type: t, flow_mb: 10 }), [current, queued], '', now)).toEqual({
      kind: 'add',
      target_id: 7,
      add_kb: 10 * 1024,
      expired_at: current.expired_at,
      card_expires_at: current.expired_at,
    });
  });
  it('refuel without a package in force is refused', () => {
    expect(packageEffect(spec({ package_type: 2 }), [expired, queued], '', now)).toMatchObject({ kind: 'refused' });
  });
  it.each([6, 7, 8])('superposition (%s) stacks: more data, the later expiry', (t) => {
    expect(packageEffect(spec({ package_type: t, period: 1, period_count: 30 }), [current], '', now)).toMatchObject({
      kind: 'add',
      target_id: 7,
      add_kb: 1024 * 1024,
      expired_at: '2025-04-09T04:00:00.000Z',
    });
    // a short superposition does not shorten the package
    expect(packageEffect(spec({ package_type: t, period: 1, period_count: 1 }), [current], '', now)).toMatchObject({
      kind: 'add',
      expired_at: current.expired_at,
    });
  });
  it('superposition with nothing in force starts now on its own', () => {
    expect(packageEffect(spec({ package_type: 7, period: 1, period_count: 30 }), [], '', now)).toMatchObject({
      kind: 'new',
      segments: [{ started_at: now.toISOString(), expired_at: '2025-04-09T04:00:00.000Z' }],
    });
  });
  it('an unknown type is refused', () => expect(packageEffect(spec({ package_type: 42 }), [], '', now)).toMatchObject({ kind: 'refused' }));
});

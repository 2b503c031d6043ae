import { describe, expect, it } from 'vitest';
import { NO_BASE_PACKAGE, type CardPackageRow, type PackageSpec } from './packageEffect';
import { packageWindow, purchaseEffect, type PurchaseEffect } from './purchaseEffect';

const now = new Date('2025-03-10T04:00:00.000Z'); // 2025-03-10 12:00 China time
const spec = (o: Partial<PackageSpec>): PackageSpec => ({ name: 'x', package_type: 3, period: 2, period_count: 1, flow_mb: 1024, ...o });
// 2025-03-01 00:00 → 2025-04-01 00:00 China time: valid until 2025-03-31
const current: CardPackageRow = { id: 7, package_type: 3, started_at: '2025-02-28T16:00:00.000Z', expired_at: '2025-03-31T16:00:00.000Z' };
// 2025-04-01 00:00 → 2025-05-01 00:00 China time: valid until 2025-04-30
const queued: CardPackageRow = { id: 8, package_type: 3, started_at: '2025-03-31T16:00:00.000Z', expired_at: '2025-04-30T16:00:00.000Z' };
const expired: CardPackageRow = { id: 6, package_type: 3, started_at: '2025-01-31T16:00:00.000Z', expired_at: '2025-02-28T16:00:00.000Z' };

describe('purchaseEffect: what a package does to this card, said before paying', () => {
  it.each<[string, Partial<PackageSpec>, CardPackageRow[], Omit<PurchaseEffect, 'text'>, RegExp]>([
    // basics never replace: they start now on an empty card, or queue after the last package
    [
      'basic, no package',
      {},
      [expired],
      { kind: 'starts_now', first_day: '2025-03-10', valid_until: '2025-04-10' },
      /^支付后立即生效，有效期至 2025-04-10$/,
    ],
    [
      'basic, one in force',
      {},
      [current],
      { kind: 'queued', first_day: '2025-04-01', valid_until: '2025-04-30' },
      /不会替换.*2025-04-01 起，有效期至 2025-04-30/,
    ],
    [
      'basic, one in force and one queued',
      {},
      [current, queued],
      { kind: 'queued', first_day: '2025-05-01', valid_until: '2025-05-31' },
      /2025-05-01 起/,
    ],
    [
      'experience 7 days, in force',
      { package_type: 1, period: 1, period_count: 7 },
      [current],
      { kind: 'queued', first_day: '2025-04-01', valid_until: '2025-04-07' },
      /已有套餐到期后生效/,
    ],
    [
      'basic X day, none',
      { package_type: 5, period: 1, period_count: 30 },
      [],
      { kind: 'starts_now', first_day: '2025-03-10', valid_until: '2025-04-09' },
      /立即生效/,
    ],
    [
      'month reset 3 months, none',
      { package_type: 9, period_count: 3 },
      [],
      { kind: 'starts_now', first_day: '2025-03-10', valid_until: '2025-06-10' },
      /每月1日流量重置/,
    ],
    [
      'month reset, in force',
      { package_type: 9, period_count: 3 },
      [current],
      { kind: 'queued', first_day: '2025-04-01', valid_until: '2025-06-30' },
      /2025-04-01 起.*每月1日流量重置/,
    ],
    // refuels only on a package in force, same expiry
    [
      'refuel, in force',
      { package_type: 2 },
      [current, queued],
      { kind: 'stacks', first_day: '2025-03-10', valid_until: '2025-03-31' },
      /^叠加到当前套餐，流量立即到账，随当前套餐有效至 2025-03-31$/,
    ],
    [
      'refuel extra, in force',
      { package_type: 4 },
      [current],
      { kind: 'stacks', first_day: '2025-03-10', valid_until: '2025-03-31' },
      /随当前套餐有效至/,
    ],
    ['refuel, none', { package_type: 2 }, [expired], { kind: 'refused', first_day: '', valid_until: '' }, /请先订购基础套餐/],
    ['refuel, only a queued one', { package_type: 4 }, [queued], { kind: 'refused', first_day: '', valid_until: '' }, /请先订购基础套餐/],
    // superpositions stack; a long one extends the package in force, a short one does not
    [
      '30-day stack, in force',
      { package_type: 6, period: 1, period_count: 30 },
      [current],
      { kind: 'stacks', first_day: '2025-03-10', valid_until: '2025-04-09' },
      /有效期延长至 2025-04-09/,
    ],
    [
      '1-day stack, in force',
      { package_type: 7, period: 1, period_count: 1 },
      [current],
      { kind: 'stacks', first_day: '2025-03-10', valid_until: '2025-03-31' },
      /随当前套餐有效至 2025-03-31/,
    ],
    [
      'stack, none',
      { package_type: 8, period: 1, period_count: 30 },
      [],
      { kind: 'starts_now', first_day: '2025-03-10', valid_until: '2025-04-09' },
      /立即生效/,
    ],
    ['unknown type', { package_type: 42 }, [], { kind: 'refused', first_day: '', valid_until: '' }, /暂不支持/],
  ])('%s', (_name, pkg, rows, expected, text) => {
    const e = purchaseEffect(spec(pkg), rows, now);
    expect(e).toMatchObject(expected);
    expect(e.text).toMatch(text);
  });

  it.each([
    ['2025-02-28T16:00:00.000Z', '2025-03-31T16:00:00.000Z', '2025-03-01', '2025-03-31'],
    ['2025-03-10T04:00:00.000Z', '2025-04-10T04:00:00.000Z', '2025-03-10', '2025-04-10'],
    ['bad', '', '', ''],
  ])('packageWindow %s – %s is %s to %s', (from, to, first, last) =>
    expect(packageWindow(from, to)).toEqual({ first_day: first, valid_until: last }),
  );

  it('a refused refuel says the same as the order refusal', () => {
    expect(purchaseEffect(spec({ package_type: 2 }), [], now).text).toBe(NO_BASE_PACKAGE);
  });

  it('valid until is the last China day: a period ending at 00:00 China time ends the day before', () => {
    // bought 2025-03-31 20:00 China (12:00 UTC): one month → 2025-04-30 20:00 China, works all of 04-30
    const late = new Date('2025-03-31T12:00:00.000Z');
    expect(purchaseEffect(spec({}), [], late)).toMatchObject({ first_day: '2025-03-31', valid_until: '2025-04-30' });
  });
});

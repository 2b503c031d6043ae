import { describe, expect, it } from 'vitest';
import { baseRefusal, kbLabel, liveBase, upgradeChangeText, upgradeVerdict, type UpgradeBaseRow, type UpgradeTarget } from './upgrade';

const GB = 1024 * 1024;
// a 30-day month: 1 Nov 00:00 to 1 Dec 00:00 China time; now is 11 Nov 00:00, 20 days left
const started = '2026-10-31T16:00:00.000Z';
const ends = '2026-11-30T16:00:00.000Z';
const now = new Date('2026-11-10T16:00:00.000Z');
const base = (o: Partial<UpgradeBaseRow> = {}): UpgradeBaseRow => ({
  id: 5,
  name: '5G 300G月包',
  package_type: 3,
  total_kb: 300 * GB,
  started_at: started,
  expired_at: ends,
  catalogue: { id: 40, flow_mb: 300 * 1024, price_fen: 5900 },
  ...o,
});
const target = (o: Partial<UpgradeTarget> = {}): UpgradeTarget => ({
  id: 41,
  name: '5G 500G月包',
  package_type: 3,
  period: 2,
  period_count: 1,
  flow_mb: 500 * 1024,
  price_fen: 8900,
  ...o,
});

describe('upgradeVerdict: the quote', () => {
  it('a bigger monthly package: data from now, same expiry, the price difference for the 20 days left', () => {
    expect(upgradeVerdict(base(), target(), now)).toEqual({
      kind: 'upgrade',
      base_id: 5,
      from_name: '5G 300G月包',
      to_name: '5G 500G月包',
      from_kb: 300 * GB,
      to_kb: 500 * GB,
      add_kb: 200 * GB,
      effective_at: now.toISOString(),
      expired_at: ends,
      // 59.00 × 20/30 = 39.333… → 39.34 (credit rounded up); 89.00 × 20/30 = 59.333… → 59.33 (charge rounded down)
      credit_fen: 3934,
      charge_fen: 5933,
      payable_fen: 1999,
    });
  });

  it.each<
    [
      string,
      Partial<UpgradeBaseRow>,
      Partial<UpgradeTarget>,
      Partial<Record<'credit_fen' | 'charge_fen' | 'payable_fen' | 'to_kb', number>>,
    ]
  >([
    ['refuels on the current package are kept on top', { total_kb: 310 * GB }, {}, { to_kb: 510 * GB }],
    ['a yearly target is charged per time of its own period', {}, { period_count: 12, price_fen: 36500 * 10 }, { charge_fen: 20000 }],
    ['same price, more data: only the minimum 0.01', {}, { price_fen: 5900 }, { payable_fen: 1 }],
    // 31-day period: 59.00 × 1 s / 31 days rounds the credit up to 0.01
    ['one day and a second left', { expired_at: new Date(now.getTime() + 86_401_000).toISOString() }, {}, { payable_fen: 1 }],
  ])('%s', (_name, b, t, expected) => {
    expect(upgradeVerdict(base(b), target(t), now)).toMatchObject(expected);
  });

  it('never charges less than 0.01 元 and never pays out the credit', () => {
    const q = upgradeVerdict(base({ catalogue: { id: 40, flow_mb: 300 * 1024, price_fen: 8899 } }), target(), now);
    expect(q).toMatchObject({ kind: 'upgrade', payable_fen: 1 });
  });
});

describe('upgradeVerdict: refusals say why and what to do', () => {
  it.each<[string, UpgradeBaseRow | null, Partial<UpgradeTarget>, string, string]>([
    ['no live base package', null, {}, 'no_base', 'buy'],
    ['ends within a day', base({ expired_at: new Date(now.getTime() + 86_399_000).toISOString() }), {}, 'ends_soon', 'renew'],
    ['month-reset base', base({ package_type: 9 }), {}, 'base_not_upgradeable', 'renew'],
    ['unknown catalogue package', base({ catalogue: null }), {}, 'base_not_upgradeable', 'renew'],
    ['a refuel (2) is an add-on', base(), { package_type: 2 }, 'add_on', 'buy'],
    ['a refuel extra (4) is an add-on', base(), { package_type: 4 }, 'add_on', 'buy'],
    ['a superposition (7) is an add-on', base(), { package_type: 7 }, 'add_on', 'buy'],
    ['an experience package is no target', base(), { package_type: 1 }, 'not_a_base', 'buy'],
    ['the current package itself', base(), { id: 40 }, 'current', 'none'],
    ['less data', base(), { flow_mb: 200 * 1024, price_fen: 4900 }, 'not_bigger', 'none'],
    ['the same data', base(), { flow_mb: 300 * 1024 }, 'not_bigger', 'none'],
    ['more data but cheaper (the credit would be lost)', base(), { price_fen: 5000 }, 'not_bigger', 'none'],
  ])('%s', (_name, b, t, refusal, action) => {
    const v = upgradeVerdict(b, target(t), now);
    expect(v).toMatchObject({ kind: 'refused', refusal, action });
    expect(v.kind === 'refused' && v.reason).toMatch(/[\u4e00-\u9fa5]/);
  });
  it('baseRefusal is null for an upgradeable base', () => expect(baseRefusal(base(), now)).toBeNull());
});

describe('liveBase: the package running now', () => {
  const row = (id: number, package_type: number, s: string, e: string) => ({ id, package_type, started_at: s, expired_at: e });
  it.each<[string, ReturnType<typeof row>[], number | null]>([
    ['the current basic', [row(1, 3, started, ends)], 1],
    ['not a queued renewal', [row(1, 3, started, ends), row(2, 3, ends, '2026-12-31T16:00:00.000Z')], 1],
    ['not an expired one', [row(1, 3, '2026-09-30T16:00:00.000Z', started)], null],
    ['not a superposition of its own', [row(3, 7, started, ends)], null],
    ['the latest started of two', [row(1, 3, '2026-10-01T00:00:00.000Z', ends), row(2, 5, started, ends)], 2],
  ])('%s', (_n, rows, id) => expect(liveBase(rows, now)?.id ?? null).toBe(id));
});

describe('words', () => {
  it.each([
    [300 * GB, '300GB'],
    [1.5 * GB, '1.50GB'],
    [512 * 1024, '512MB'],
  ])('kbLabel(%s) = %s', (kb, s) => expect(kbLabel(kb)).toBe(s));
  it('says what changes', () =>
    expect(upgradeChangeText({ from_kb: 30 * GB, to_kb: 100 * GB }, '2026-11-30')).toBe(
      '流量 30GB → 100GB，立即生效，有效期不变至 2026-11-30',
    ));
});

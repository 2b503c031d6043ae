// What a paid package does to the card (docs/spec/portal-spec.md §3 package types; docs/decisions/0006).
// Pure: given the package, the card's packages and now, say which rows to insert or change.
import { PackagePeriod, PackageType } from '@portal/contract/enums';
import { chinaMonthStart } from '../format';

const DAY = 86_400_000;
const SHANGHAI_OFFSET_MS = 8 * 3600_000;
const KB_PER_MB = 1024;

export interface PackageSpec {
  name: string;
  package_type: number;
  /** 1 day, 2 month */
  period: number;
  period_count: number;
  flow_mb: number;
}

export interface CardPackageRow {
  id: number;
  package_type: number;
  started_at: string;
  expired_at: string;
}

export interface Segment {
  started_at: string;
  expired_at: string;
  total_kb: number;
}

export type PackageEffect =
  /** new package rows (a month-reset package is one row per China-time month) */
  | { kind: 'new'; segments: Segment[]; card_expires_at: string }
  /** more data (and maybe a later expiry) on the package in force */
  | { kind: 'add'; target_id: number; add_kb: number; expired_at: string; card_expires_at: string }
  /** cannot take effect now: the order must not be taken (checked before paying) */
  | { kind: 'refused'; reason: string };

/** Why a refuel cannot be bought: said on the package list, the package page and by the order refusal (10501). */
export const NO_BASE_PACKAGE = '该卡当前没有生效中的套餐，加油包只能叠加到生效中的套餐上，请先订购基础套餐';

const BASIC_TYPES: readonly number[] = [PackageType.Experience, PackageType.Basic, PackageType.BasicXDay, PackageType.BasicMonthEndReset];
const REFUEL_TYPES: readonly number[] = [PackageType.Refuel, PackageType.RefuelExtra];
const STACK_TYPES: readonly number[] = [PackageType.ThirtyDaysSuperposition, PackageType.Superposition, PackageType.FreeSuperposition];

/** A refuel (2, 4): data added to the package in force, same expiry. */
export function isRefuelType(t: number): boolean {
  return REFUEL_TYPES.includes(t);
}

export function isKnownPackageType(t: number): boolean {
  return BASIC_TYPES.includes(t) || REFUEL_TYPES.includes(t) || STACK_TYPES.includes(t);
}

/**
 * End of a period that starts at `start`: day × n adds n·24 h; month × n is the same China-time
 * day and hour n months later, clamped to the month's last day (31 Jan + 1 month = 28/29 Feb).
 */
export function periodEnd(start: Date, period: number, count: number): Date {
  if (!Number.isInteger(count) || count < 1) throw new RangeError('period_count must be a positive integer');
  if (period === PackagePeriod.Day) return new Date(start.getTime() + count * DAY);
  if (period !== PackagePeriod.Month) throw new RangeError(`unknown period ${period}`);
  const t = new Date(start.getTime() + SHANGHAI_OFFSET_MS);
  const y = t.getUTCFullYear();
  const m = t.getUTCMonth() + count;
  const lastDay = new Date(Date.UTC(y, m + 1, 0)).getUTCDate();
  const day = Math.min(t.getUTCDate(), lastDay);
  const local = Date.UTC(y, m, day, t.getUTCHours(), t.getUTCMinutes(), t.getUTCSeconds(), t.getUTCMilliseconds());
  return new Date(local - SHANGHAI_OFFSET_MS);
}

/** Split [start, end) at every China-time month start: the month-reset package's data renews there. */
export function monthSegments(start: Date, end: Date, totalKb: number): Segment[] {
  const out: Segment[] = [];
  let from = start;
  while (from < end) {
    const next = chinaMonthStart(from, 1);
    const to = next < end ? next : end;
    out.push({ started_at: from.toISOString(), expired_at: to.toISOString(), total_kb: totalKb });
    from = to;
  }
  return out;
}

const later = (a: string, b: string) => (Date.parse(a) >= Date.parse(b) ? a : b);

/**
 * - basic types (1 experience, 3 basic, 5 basic X day, 9 month reset): start now, or queue after
 *   the last package the card already has (never two basics at once);
 * - refuel types (2, 4): add their data to the package in force; refused without one;
 * - superposition types (6, 7, 8): stack on the package in force — its data grows and its expiry
 *   becomes the later of its own and now + the superposition's period; with no package in force
 *   they start now as a package of their own.
 * `cardExpiresAt` is the card's current expiry; the card's expiry never moves backwards.
 */
export function packageEffect(pkg: PackageSpec, packages: CardPackageRow[], cardExpiresAt: string, now: Date): PackageEffect {
  const totalKb = pkg.flow_mb * KB_PER_MB;
  const nowMs = now.getTime();
  const alive = packages.filter((p) => Date.parse(p.expired_at) > nowMs);
  const active = alive
    .filter((p) => Date.parse(p.started_at) <= nowMs)
    .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id - a.id)[0];
  const cardExp = (iso: string) => (cardExpiresAt && !Number.isNaN(Date.parse(cardExpiresAt)) ? later(cardExpiresAt, iso) : iso);

  if (BASIC_TYPES.includes(pkg.package_type)) {
    const chainEnd = alive.reduce((max, p) => Math.max(max, Date.parse(p.expired_at)), nowMs);
    const start = new Date(chainEnd);
    const end = periodEnd(start, pkg.period, pkg.period_count);
    const segments =
      pkg.package_type === PackageType.BasicMonthEndReset
        ? monthSegments(start, end, totalKb)
        : [{ started_at: start.toISOString(), expired_at: end.toISOString(), total_kb: totalKb }];
    return { kind: 'new', segments, card_expires_at: cardExp(end.toISOString()) };
  }
  if (REFUEL_TYPES.includes(pkg.package_type)) {
    if (!active) return { kind: 'refused', reason: NO_BASE_PACKAGE };
    return {
      kind: 'add',
      target_id: active.id,
      add_kb: totalKb,
      expired_at: active.expired_at,
      card_expires_at: cardExp(active.expired_at),
    };
  }
  if (STACK_TYPES.includes(pkg.package_type)) {
    const own = periodEnd(now, pkg.period, pkg.period_count).toISOString();
    if (!active)
      return {
        kind: 'new',
        segments: [{ started_at: now.toISOString(), expired_at: own, total_kb: totalKb }],
        card_expires_at: cardExp(own),
      };
    const expiredAt = later(active.expired_at, own);
    return { kind: 'add', target_id: active.id, add_kb: totalKb, expired_at: expiredAt, card_expires_at: cardExp(expiredAt) };
  }
  return { kind: 'refused', reason: '该套餐类型暂不支持购买' };
}

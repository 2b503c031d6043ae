// Upgrading the package in force to a bigger one of the catalogue (/cpe_up, docs/decisions/0013).
// Pure: given the card's live base package and a candidate, say whether it is an upgrade and what
// it costs now. The server quotes with it, prices the order with it and applies it at fulfilment,
// so the page's words, the amount charged and the delivery agree.
//
// The upgrade keeps the current period: the new data counts from now, the expiry stays where it
// is (the user never loses days). The unused part of the current package is credited pro rata by
// remaining time; the target is charged pro rata for the same remaining time; both rounded in the
// customer's favour (credit up, charge down) to whole fen; never less than 0.01 元.
import { PackageType } from '@portal/contract/enums';
import { periodEnd } from './commerce/packageEffect';
import type { LinePackageRow } from './line';

const DAY_MS = 86_400_000;
const KB_PER_MB = 1024;
const KB_PER_GB = 1024 * 1024;
/** An order of 0.00 元 would settle without payment: the smallest amount charged. */
export const MIN_UPGRADE_FEN = 1;

/** Packages with a period of their own that an upgrade may start from. */
const UPGRADE_FROM: readonly number[] = [PackageType.Experience, PackageType.Basic, PackageType.BasicXDay];
/** Packages an upgrade may lead to: a basic package with a period of its own. */
const UPGRADE_TO: readonly number[] = [PackageType.Basic, PackageType.BasicXDay];
const ADD_ONS: readonly number[] = [
  PackageType.Refuel,
  PackageType.RefuelExtra,
  PackageType.ThirtyDaysSuperposition,
  PackageType.Superposition,
  PackageType.FreeSuperposition,
];
/** The kinds a card may have in force as its base package (what refuels add to). */
const BASE_TYPES: readonly number[] = [...UPGRADE_FROM, PackageType.BasicMonthEndReset];

/**
 * A package row of the card (card_packages; its total_kb is the row's data now, the package's own
 * plus refuels added to it), with the catalogue package it is of, when known.
 */
export interface UpgradeBaseRow extends LinePackageRow {
  /** the catalogue package the row is of: its data and its price; null when unknown */
  catalogue: { id: number; flow_mb: number; price_fen: number } | null;
}

export interface UpgradeTarget {
  id: number;
  name: string;
  package_type: number;
  /** 1 day, 2 month */
  period: number;
  period_count: number;
  flow_mb: number;
  price_fen: number;
}

/** What the page does about a refusal: renew (去续订), buy a package (订购套餐), or nothing. */
export type UpgradeAction = 'renew' | 'buy' | 'none';

export type UpgradeRefusalKind = 'no_base' | 'ends_soon' | 'base_not_upgradeable' | 'add_on' | 'not_a_base' | 'current' | 'not_bigger';

export interface UpgradeQuote {
  kind: 'upgrade';
  /** the card_packages row that changes */
  base_id: number;
  from_name: string;
  to_name: string;
  from_kb: number;
  to_kb: number;
  /** data added to the row: the target's data minus the current package's own */
  add_kb: number;
  /** the new data counts from this moment (the order's payment) */
  effective_at: string;
  /** unchanged: the current period's end */
  expired_at: string;
  credit_fen: number;
  charge_fen: number;
  payable_fen: number;
}

export type UpgradeVerdict = UpgradeQuote | { kind: 'refused'; refusal: UpgradeRefusalKind; reason: string; action: UpgradeAction };

/**
 * The base package running now: a row of a basic kind that has started and not ended, the latest
 * started first (a queued renewal has not started yet and is not what the user uses now).
 */
export function liveBase<T extends Pick<UpgradeBaseRow, 'id' | 'package_type' | 'started_at' | 'expired_at'>>(
  rows: readonly T[],
  now: Date,
): T | null {
  const t = now.getTime();
  return (
    rows
      .filter((r) => BASE_TYPES.includes(r.package_type) && Date.parse(r.started_at) <= t && Date.parse(r.expired_at) > t)
      .sort((a, b) => Date.parse(b.started_at) - Date.parse(a.started_at) || b.id - a.id)[0] ?? null
  );
}

/** Why the card cannot upgrade at all (whatever the target), or null. */
export function baseRefusal(base: UpgradeBaseRow | null, now: Date): Extract<UpgradeVerdict, { kind: 'refused' }> | null {
  if (!base) return { kind: 'refused', refusal: 'no_base', reason: '当前没有生效中的套餐，无法升级，请先订购套餐', action: 'buy' };
  if (Date.parse(base.expired_at) - now.getTime() < DAY_MS)
    return {
      kind: 'refused',
      refusal: 'ends_soon',
      reason: '当前套餐将在24小时内到期，升级只能用到到期为止，建议直接续订新套餐',
      action: 'renew',
    };
  if (!UPGRADE_FROM.includes(base.package_type) || !base.catalogue)
    return {
      kind: 'refused',
      refusal: 'base_not_upgradeable',
      reason:
        base.package_type === PackageType.BasicMonthEndReset
          ? '当前套餐按月重置流量，不支持升级，请到期后订购更大的套餐'
          : '当前套餐不支持在线升级，请到期后订购更大的套餐',
      action: 'renew',
    };
  return null;
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** price × part / whole in whole fen, rounded up or down, exactly (ms products exceed 2^53). */
function proRata(priceFen: number, partMs: number, wholeMs: number, round: 'up' | 'down'): number {
  const a = BigInt(priceFen) * BigInt(Math.max(0, Math.round(partMs)));
  const b = BigInt(Math.max(1, Math.round(wholeMs)));
  return Number(round === 'up' ? ceilDiv(a, b) : a / b);
}

/** Is `target` an upgrade of the card's base package now, and at what price. */
export function upgradeVerdict(base: UpgradeBaseRow | null, target: UpgradeTarget, now: Date): UpgradeVerdict {
  if (ADD_ONS.includes(target.package_type))
    return {
      kind: 'refused',
      refusal: 'add_on',
      reason: '加油包、叠加包是在当前套餐上增加流量，不属于套餐升级，请在套餐订购中购买',
      action: 'buy',
    };
  const whole = baseRefusal(base, now);
  if (whole) return whole;
  const b = base!;
  const cat = b.catalogue!;
  if (!UPGRADE_TO.includes(target.package_type))
    return { kind: 'refused', refusal: 'not_a_base', reason: '该套餐不能作为升级目标', action: 'buy' };
  if (cat.id === target.id) return { kind: 'refused', refusal: 'current', reason: '这就是当前的套餐', action: 'none' };
  const targetKb = target.flow_mb * KB_PER_MB;
  const ownKb = cat.flow_mb * KB_PER_MB;
  if (targetKb <= ownKb)
    return { kind: 'refused', refusal: 'not_bigger', reason: `该套餐流量不多于当前套餐（${kbLabel(ownKb)}），不能升级`, action: 'none' };
  // The credit is never paid out: a cheaper target would forfeit part of it, so it is not an upgrade.
  if (target.price_fen < cat.price_fen)
    return { kind: 'refused', refusal: 'not_bigger', reason: '该套餐价格低于当前套餐，不能作为升级，请到期后订购', action: 'none' };

  const nowMs = now.getTime();
  const started = Date.parse(b.started_at);
  const ends = Date.parse(b.expired_at);
  const remaining = ends - nowMs;
  const credit = proRata(cat.price_fen, remaining, ends - started, 'up');
  const targetPeriod = periodEnd(new Date(started), target.period, target.period_count).getTime() - started;
  const charge = proRata(target.price_fen, remaining, targetPeriod, 'down');
  const addKb = targetKb - ownKb;
  return {
    kind: 'upgrade',
    base_id: b.id,
    from_name: b.name,
    to_name: target.name,
    from_kb: b.total_kb,
    to_kb: b.total_kb + addKb,
    add_kb: addKb,
    effective_at: now.toISOString(),
    expired_at: b.expired_at,
    credit_fen: credit,
    charge_fen: charge,
    payable_fen: Math.max(MIN_UPGRADE_FEN, charge - credit),
  };
}

/** 300GB for whole gigabytes (catalogue volumes), else two decimals. */
export function kbLabel(kb: number): string {
  if (kb > 0 && kb % KB_PER_GB === 0) return `${kb / KB_PER_GB}GB`;
  if (kb >= KB_PER_GB) return `${(kb / KB_PER_GB).toFixed(2)}GB`;
  return `${Math.round(kb / KB_PER_MB)}MB`;
}

/** "流量 300GB → 500GB，立即生效，有效期不变至 2026-11-30" (`validUntil`: the last valid day, formatted by the caller). */
export function upgradeChangeText(q: Pick<UpgradeQuote, 'from_kb' | 'to_kb'>, validUntil: string): string {
  return `流量 ${kbLabel(q.from_kb)} → ${kbLabel(q.to_kb)}，立即生效，有效期不变至 ${validUntil}`;
}

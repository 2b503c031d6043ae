// What buying a package will do to this card, in words, before paying. Derived from the same
// rule that fulfils the order (packageEffect), so the page cannot promise what fulfilment does
// not do: a basic package never replaces the one in force — it queues after the card's last
// package; a refuel adds data to the package in force and is refused without one; a
// superposition stacks on the package in force (docs/decisions/0006 "Packages").
import { PackageType } from '@portal/contract/enums';
import { chinaDate } from '../format';
import { isRefuelType, packageEffect, type CardPackageRow, type PackageSpec } from './packageEffect';

export type PurchaseEffectKind = 'starts_now' | 'queued' | 'stacks' | 'refused';

export interface PurchaseEffect {
  /**
   * starts_now: a package of its own from now; queued: after the card's current (and already
   * queued) packages end; stacks: data added to the package in force now; refused: cannot be
   * bought for this card now (`text` says why).
   */
  kind: PurchaseEffectKind;
  /** first China-time day the data can be used ("" when refused) */
  first_day: string;
  /** last China-time day the package works ("" when refused) */
  valid_until: string;
  /** one sentence for the page, Simplified Chinese */
  text: string;
}

/**
 * The last China-time day a period ending (exclusively) at `endIso` covers: a package that ends
 * at 2026-12-01 00:00 China time is valid until 2026-11-30. Same rule as the card pages.
 */
function lastChinaDayOf(endIso: string): string {
  const t = Date.parse(endIso);
  return Number.isNaN(t) ? '' : chinaDate(new Date(t - 1));
}

/** The China-time days a package working from `startIso` until (exclusively) `endIso` covers. */
export function packageWindow(startIso: string, endIso: string): { first_day: string; valid_until: string } {
  const t = Date.parse(startIso);
  return { first_day: Number.isNaN(t) ? '' : chinaDate(new Date(t)), valid_until: lastChinaDayOf(endIso) };
}

export function purchaseEffect(pkg: PackageSpec, packages: CardPackageRow[], now: Date): PurchaseEffect {
  const effect = packageEffect(pkg, packages, '', now);
  if (effect.kind === 'refused') {
    return { kind: 'refused', first_day: '', valid_until: '', text: effect.reason };
  }
  const today = chinaDate(now);
  if (effect.kind === 'add') {
    const until = lastChinaDayOf(effect.expired_at);
    const target = packages.find((p) => p.id === effect.target_id);
    const extended = target !== undefined && Date.parse(effect.expired_at) > Date.parse(target.expired_at);
    const text = isRefuelType(pkg.package_type)
      ? `叠加到当前套餐，流量立即到账，随当前套餐有效至 ${until}`
      : extended
        ? `叠加到当前套餐，流量立即到账，当前套餐有效期延长至 ${until}`
        : `叠加到当前套餐，流量立即到账，随当前套餐有效至 ${until}`;
    return { kind: 'stacks', first_day: today, valid_until: until, text };
  }
  const first = effect.segments[0]!;
  const last = effect.segments[effect.segments.length - 1]!;
  const startsAt = Date.parse(first.started_at);
  const firstDay = chinaDate(new Date(startsAt));
  const until = lastChinaDayOf(last.expired_at);
  const reset = pkg.package_type === PackageType.BasicMonthEndReset ? '，每月1日流量重置' : '';
  if (startsAt <= now.getTime()) {
    return { kind: 'starts_now', first_day: firstDay, valid_until: until, text: `支付后立即生效，有效期至 ${until}${reset}` };
  }
  return {
    kind: 'queued',
    first_day: firstDay,
    valid_until: until,
    text: `该卡已有套餐，本套餐不会替换它，将在已有套餐到期后生效：${firstDay} 起，有效期至 ${until}${reset}`,
  };
}

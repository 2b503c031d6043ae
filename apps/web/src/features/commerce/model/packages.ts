// How the combo list is arranged: one tab per package type, in the order the server lists them
// (the server sorts the catalogue; the client only groups it). Whether a package can be bought for
// the card, and what it does to it, is the server's `effect` (packages/domain purchaseEffect).
import type { Package } from '@portal/contract';
import { PACKAGE_TYPE_LABEL } from './labels';

export interface PackageGroup {
  type: number;
  label: string;
  list: Package[];
}

export function groupByType(list: readonly Package[]): PackageGroup[] {
  const groups = new Map<number, PackageGroup>();
  for (const p of list) {
    let g = groups.get(p.package_type);
    if (!g) {
      g = { type: p.package_type, label: PACKAGE_TYPE_LABEL[p.package_type] ?? '其他套餐', list: [] };
      groups.set(p.package_type, g);
    }
    g.list.push(p);
  }
  return [...groups.values()];
}

/** False when the server says this package cannot be bought for the card now (e.g. a refuel without a package in force). */
export const canBuy = (p: Package): boolean => p.effect?.kind !== 'refused';

// Base package types, most usual first: 3 basic, 9 month-end reset, 5 basic X day, 1 experience
// (docs/spec/portal-spec.md §3; numbers as in PACKAGE_TYPE_LABEL — importing the enum object from
// the contract would pull it into the entry chunk and grow /login's first load).
const BASE_TYPES: readonly number[] = [3, 9, 5, 1];

/** The group a card without a package in force is led to: the first base-package type on offer. */
export function baseGroupOf(groups: readonly PackageGroup[]): PackageGroup | undefined {
  for (const t of BASE_TYPES) {
    const g = groups.find((x) => x.type === t && x.list.some(canBuy));
    if (g) return g;
  }
  return undefined;
}

/** The card is stopped or out of data: the server said, package by package, whether paying brings it back today. */
const needsRestoring = (list: readonly Package[]): boolean => list.some((p) => p.effect?.restores_line !== undefined);

/** The cheapest package that brings the line back online today; between equal prices, the catalogue's recommended one. */
function cheapestRestoring(list: readonly Package[]): Package | undefined {
  return list
    .filter((p) => canBuy(p) && p.effect?.restores_line === true)
    .sort((a, b) => a.price - b.price || Number(b.recommended) - Number(a.recommended))[0];
}

/**
 * The package proposed first: the chosen one if it can be bought; for a card that is stopped or
 * out of data, the cheapest that brings it back online today (the server's `restores_line`: a
 * 加油包 for a plan in force that ran out — a new monthly plan would only queue); else a
 * recommended one, else the first that can be bought.
 */
export function proposedPackage(list: readonly Package[], chosenId: number): Package | undefined {
  const buyable = list.filter(canBuy);
  const chosen = buyable.find((p) => p.id === chosenId);
  if (chosen) return chosen;
  return cheapestRestoring(buyable) ?? buyable.find((p) => p.recommended) ?? buyable[0];
}

/**
 * Whether a package of this list is marked 推荐. Normally the catalogue's choice among what the card
 * may buy. For a card that is stopped or out of data, 推荐 is what the holder needs: only the package
 * proposed first (the cheapest that brings the line back today), never one that would only queue
 * behind the used-up plan — however the catalogue ranks it (docs/decisions/0066).
 */
export function recommendedIn(list: readonly Package[]): (p: Package) => boolean {
  if (!needsRestoring(list)) return (p) => p.recommended && canBuy(p);
  const best = cheapestRestoring(list);
  return (p) => p.id === best?.id;
}

/** 推荐 on one package seen alone (/combo_detail): never on one the server says would not bring a stopped line back. */
export const recommendedAlone = (p: Package): boolean => p.recommended && canBuy(p) && p.effect?.restores_line !== false;

/** The package a link names (`?package_id=`): a positive whole number, else 0 (none chosen). A
 *  value like "-1" or "1.5" would otherwise leave the package query disabled: a spinner for ever. */
export function packageIdParam(value: string | null): number {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : 0;
}

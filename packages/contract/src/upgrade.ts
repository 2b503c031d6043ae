// Upgrading the package in force to a bigger one (/cpe_up, /cpe_up_detail; docs/decisions/0013).
// Every figure is the server's: the page shows them, it never computes a price. The order itself
// goes through the ordinary order path (orderQuote / orderCreate with goods_type 'upgrade').
import { z } from 'zod';
import { Package, PackageId } from './commerce';
import { CardNum, DateTime, Yuan } from './schemas';

export const UpgradeOptionsQuery = z.object({ custom_num: CardNum });
export const UpgradeQuoteQuery = z.object({ custom_num: CardNum, package_id: PackageId });

/** Why there is no upgrade, and what to do instead: renew (去续订), buy a package (订购套餐), nothing. */
export const UpgradeRefusal = z.object({ reason: z.string(), action: z.enum(['renew', 'buy', 'none']) });
export type UpgradeRefusal = z.infer<typeof UpgradeRefusal>;

/** The base package running now. */
export const UpgradeCurrent = z.object({
  name: z.string(),
  /** its data now (its own plus refuels added to it) */
  total_kb: z.number().int(),
  expired_at: DateTime,
  /** last valid day, China time (YYYY-MM-DD) */
  valid_until: z.string(),
});
export type UpgradeCurrent = z.infer<typeof UpgradeCurrent>;

export const UpgradeChange = z.object({
  from_name: z.string(),
  to_name: z.string(),
  from_kb: z.number().int(),
  to_kb: z.number().int(),
  /** the new data counts from now; the expiry does not move */
  effective_at: DateTime,
  expired_at: DateTime,
  valid_until: z.string(),
  /** the unused part of the current package, pro rata by remaining time */
  credit: Yuan,
  /** the target's price for the remaining time */
  charge: Yuan,
  /** what the order costs now: charge − credit, at least 0.01 */
  payable: Yuan,
  remaining_days: z.number().int(),
  /** "流量 300GB → 500GB，立即生效，有效期不变至 2026-11-30" */
  text: z.string(),
});
export type UpgradeChange = z.infer<typeof UpgradeChange>;

/** One candidate: the upgrade it gives, or why it is none. */
export const UpgradeOption = z.object({
  package: Package,
  upgrade: UpgradeChange.nullable(),
  refusal: UpgradeRefusal.nullable(),
});
export type UpgradeOption = z.infer<typeof UpgradeOption>;

export const UpgradeOptionsAnswer = z.object({
  current: UpgradeCurrent.nullable(),
  /** the card cannot upgrade at all (no package in force, it ends within a day…) */
  refusal: UpgradeRefusal.nullable(),
  /** the packages that are upgrades of the current one, smallest first */
  options: z.array(UpgradeOption),
});
export type UpgradeOptionsAnswer = z.infer<typeof UpgradeOptionsAnswer>;

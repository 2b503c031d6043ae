// Upgrading the package in force (docs/decisions/0013-package-upgrade.md): the options a card has,
// one option's quote, and the pricing the order path uses (orders/service price()). Every figure
// comes from the pure rule (packages/domain upgrade.ts), which fulfilment applies again.
import { Code } from '@portal/contract/codes';
import type { UpgradeChange, UpgradeOption, UpgradeOptionsAnswer, UpgradeRefusal } from '@portal/contract';
import {
  baseRefusal,
  fenToYuan,
  kbLabel,
  liveBase,
  upgradeChangeText,
  upgradeVerdict,
  type UpgradeBaseRow,
  type UpgradeQuote,
  type UpgradeVerdict,
} from '@portal/domain';
import { daysLeft, formatValidUntil } from '@portal/domain/validity';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { Card, PackageRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import * as catalogueRepo from '../catalogue/repo';
import { packagesForCard, toPackage } from '../catalogue/service';
import * as repo from './repo';

/**
 * The base package running on the card now, with the catalogue package it is of. A row an
 * upgrade order delivered as data of its own (its base had gone) is never a base: it is a
 * superposition-type row, which liveBase skips.
 */
export async function baseOf(db: Executor, cardId: number, now: Date): Promise<UpgradeBaseRow | null> {
  const rows = await repo.liveRowsOfCard(db, cardId, now.toISOString());
  const row = liveBase(rows, now);
  if (!row) return null;
  const catalogueId = row.package_id ?? (row.order_goods_type === 'package' ? row.order_package_id : null);
  const pkg = catalogueId !== null ? await catalogueRepo.packageById(db, catalogueId) : undefined;
  return {
    id: row.id,
    name: row.name,
    package_type: row.package_type,
    total_kb: row.total_kb,
    started_at: row.started_at,
    expired_at: row.expired_at,
    catalogue: pkg ? { id: pkg.id, flow_mb: pkg.flow_mb, price_fen: pkg.price_fen } : null,
  };
}

/**
 * A card the caller may reach. An unknown card and somebody else's card answer alike (404
 * 未找到该卡), so probing card numbers reveals nothing; not the 10000 that makes the web drop its
 * stored card (as the device endpoints, docs/decisions/0012).
 */
async function reachableCard(ctx: AppContext, auth: Auth, customNum: string): Promise<Card> {
  try {
    return await accessibleCard(ctx, auth, customNum);
  } catch (err) {
    if (err instanceof AppError && (err.code === Code.FORBIDDEN || err.code === Code.CARD_NOT_FOUND))
      throw new AppError(Code.NOT_FOUND, '未找到该卡');
    throw err;
  }
}

function toChange(q: UpgradeQuote, now: Date): UpgradeChange {
  const validUntil = formatValidUntil(q.expired_at);
  return {
    from_name: q.from_name,
    to_name: q.to_name,
    from_kb: q.from_kb,
    to_kb: q.to_kb,
    effective_at: q.effective_at,
    expired_at: q.expired_at,
    valid_until: validUntil,
    credit: fenToYuan(q.credit_fen),
    charge: fenToYuan(q.charge_fen),
    payable: fenToYuan(q.payable_fen),
    remaining_days: Math.max(0, daysLeft(q.expired_at, now) ?? 0),
    text: upgradeChangeText(q, validUntil),
  };
}

const refusalOf = (v: UpgradeVerdict): UpgradeRefusal | null => (v.kind === 'refused' ? { reason: v.reason, action: v.action } : null);

function toOption(pkg: PackageRow, v: UpgradeVerdict, now: Date): UpgradeOption {
  return { package: toPackage(pkg), upgrade: v.kind === 'upgrade' ? toChange(v, now) : null, refusal: refusalOf(v) };
}

export async function upgradeOptions(ctx: AppContext, auth: Auth, customNum: string): Promise<UpgradeOptionsAnswer> {
  const card = await reachableCard(ctx, auth, customNum);
  const now = clock.now();
  const base = await baseOf(ctx.db.kysely, card.id, now);
  const whole = baseRefusal(base, now);
  const current = base
    ? { name: base.name, total_kb: base.total_kb, expired_at: base.expired_at, valid_until: formatValidUntil(base.expired_at) }
    : null;
  if (whole) return { current, refusal: refusalOf(whole), options: [] };
  const options = (await packagesForCard(ctx, card))
    .map((p) => ({ p, v: upgradeVerdict(base, p, now) }))
    .filter((x) => x.v.kind === 'upgrade')
    .sort((a, b) => a.p.flow_mb - b.p.flow_mb || a.p.price_fen - b.p.price_fen)
    .map((x) => toOption(x.p, x.v, now));
  return {
    current,
    refusal:
      options.length === 0
        ? { reason: `当前套餐（${kbLabel(base!.total_kb)}）已是可升级的最大套餐，如需更多流量可购买加油包`, action: 'buy' }
        : null,
    options,
  };
}

/** One package of the card's catalogue: unknown or not for sale to this card → 404. */
async function candidate(ctx: AppContext, card: Card, packageId: number): Promise<PackageRow> {
  const pkg = (await packagesForCard(ctx, card)).find((p) => p.id === packageId);
  if (!pkg) throw new AppError(Code.NOT_FOUND, '套餐不存在或不适用于该卡');
  return pkg;
}

export async function upgradeQuote(ctx: AppContext, auth: Auth, customNum: string, packageId: number): Promise<UpgradeOption> {
  const card = await reachableCard(ctx, auth, customNum);
  const pkg = await candidate(ctx, card, packageId);
  const now = clock.now();
  return toOption(pkg, upgradeVerdict(await baseOf(ctx.db.kysely, card.id, now), pkg, now), now);
}

export interface PricedUpgrade {
  pkg: PackageRow;
  quote: UpgradeQuote;
  title: string;
}

/**
 * The order path's pricing of an upgrade (orders/service price()): recomputed from the card's
 * package now, never from the client's figures. Not an upgrade → PACKAGE_UNAVAILABLE with why.
 */
export async function priceUpgrade(ctx: AppContext, card: Card, packageId: number): Promise<PricedUpgrade> {
  const pkg = await candidate(ctx, card, packageId).catch(() => {
    throw new AppError(Code.PACKAGE_UNAVAILABLE);
  });
  const v = upgradeVerdict(await baseOf(ctx.db.kysely, card.id, clock.now()), pkg, clock.now());
  if (v.kind === 'refused') throw new AppError(Code.PACKAGE_UNAVAILABLE, v.reason);
  return { pkg, quote: v, title: upgradeTitle(v) };
}

/** The order's title, on its result page and in the order list: what changes. */
export function upgradeTitle(q: Pick<UpgradeQuote, 'to_name' | 'from_kb' | 'to_kb'>): string {
  return `升级为${q.to_name}（流量 ${kbLabel(q.from_kb)} → ${kbLabel(q.to_kb)}）`;
}

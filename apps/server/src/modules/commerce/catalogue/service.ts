// The catalogue a card may buy from: its series' packages priced for its agent, coupon packages
// and recharge options (with the first-recharge offer while the card has had no balance order).
import { Code } from '@portal/contract/codes';
import {
  RECHARGE_MAX_YUAN,
  RECHARGE_MIN_YUAN,
  type CouponPackage,
  type Package,
  type PurchaseEffect,
  type QuickRechargeOptions,
  type RechargeOptions,
} from '@portal/contract';
import { fenToYuan, purchaseEffect, type CardPackageRow } from '@portal/domain';
import { purchaseNote, restoresToday } from '@portal/domain/line';
import type { AppContext } from '../../../context';
import type { Card, PackageRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard, assertNotCancelled, seriesIdsOf } from '../../cardRecord';
import { lineOf } from '../../line';
import * as repo from './repo';

const RECHARGE_PRESETS_YUAN = [10, 20, 50, 100, 200, 300];

export function toPackage(p: PackageRow): Package {
  return {
    id: p.id,
    series_id: p.series_id,
    name: p.name,
    package_type: p.package_type,
    period: p.period,
    period_count: p.period_count,
    flow_mb: p.flow_mb,
    price: fenToYuan(p.price_fen),
    original_price: fenToYuan(p.original_price_fen),
    description: p.description,
    voucher_allowed: p.voucher_allowed === 1,
    recommended: p.recommended === 1,
  };
}

/**
 * Each package with what buying it now does to this card (starts now, queues after the current
 * one, stacks, or cannot be bought), from the rule fulfilment applies, so the page's words and
 * the delivery agree.
 */
export async function withEffects(ctx: AppContext, card: Card, rows: PackageRow[]): Promise<Package[]> {
  const now = clock.now();
  const live: CardPackageRow[] = await repo.livePackagesOfCard(ctx.db.kysely, card.id, now.toISOString());
  // a card that needs data to be back online is told, per package, whether this one does it today
  const line = await lineOf(ctx.db.kysely, card);
  const needsData = line.needs === 'refuel' || line.needs === 'package';
  return rows.map((p) => {
    const effect: PurchaseEffect = purchaseEffect(p, live, now);
    if (needsData && effect.kind !== 'refused') {
      effect.restores_line = restoresToday(line, p.package_type);
      const note = purchaseNote(line, p.package_type);
      if (note) effect.line_note = note;
    }
    return { ...toPackage(p), effect };
  });
}

/** The packages on sale to this card: its series, of its own agent. */
export async function packagesForCard(ctx: AppContext, card: Card): Promise<PackageRow[]> {
  const series = await repo.seriesOfAgent(ctx.db.kysely, card.agent_id, seriesIdsOf(card.package_series_ids));
  return repo.packagesOfSeries(ctx.db.kysely, series);
}

/** One package the card may buy, or PACKAGE_UNAVAILABLE (a package of another series is not for sale to it). */
export async function purchasablePackage(ctx: AppContext, card: Card, packageId: number): Promise<PackageRow> {
  const pkg = await repo.packageById(ctx.db.kysely, packageId);
  if (!pkg || pkg.on_sale !== 1) throw new AppError(Code.PACKAGE_UNAVAILABLE);
  const series = await repo.seriesOfAgent(ctx.db.kysely, card.agent_id, seriesIdsOf(card.package_series_ids));
  if (!series.includes(pkg.series_id)) throw new AppError(Code.PACKAGE_UNAVAILABLE);
  return pkg;
}

export async function packageList(ctx: AppContext, auth: Auth, customNum: string): Promise<{ list: Package[] }> {
  const card = await accessibleCard(ctx, auth, customNum);
  // a cancelled card is offered nothing to buy: nothing bought could ever be used
  assertNotCancelled(card);
  return { list: await withEffects(ctx, card, await packagesForCard(ctx, card)) };
}

export async function packageDetail(ctx: AppContext, auth: Auth, customNum: string, packageId: number): Promise<Package> {
  const card = await accessibleCard(ctx, auth, customNum);
  const pkg = await repo.packageById(ctx.db.kysely, packageId);
  const series = await repo.seriesOfAgent(ctx.db.kysely, card.agent_id, seriesIdsOf(card.package_series_ids));
  if (!pkg || pkg.on_sale !== 1 || !series.includes(pkg.series_id)) throw new AppError(Code.NOT_FOUND, '套餐不存在或不适用于该卡');
  return (await withEffects(ctx, card, [pkg]))[0]!;
}

export interface VoucherTemplate {
  amount_fen: number;
  min_spend_fen: number;
  valid_days: number;
  package_types: number[];
}

export function templatesOf(json: string): VoucherTemplate[] {
  try {
    const v: unknown = JSON.parse(json);
    return Array.isArray(v) ? (v as VoucherTemplate[]) : [];
  } catch {
    return [];
  }
}

export async function couponPackageList(ctx: AppContext, auth: Auth, customNum: string): Promise<{ list: CouponPackage[] }> {
  const card = await accessibleCard(ctx, auth, customNum);
  const rows = await repo.couponPackagesOfAgent(ctx.db.kysely, card.agent_id);
  return {
    list: rows.map((r) => ({
      id: r.id,
      name: r.name,
      price: fenToYuan(r.price_fen),
      description: r.description,
      vouchers: templatesOf(r.vouchers).map((t) => ({
        amount: fenToYuan(t.amount_fen),
        min_spend: fenToYuan(t.min_spend_fen),
        valid_days: t.valid_days,
        package_types: t.package_types,
      })),
    })),
  };
}

export async function rechargeOptions(ctx: AppContext, auth: Auth, customNum: string): Promise<RechargeOptions> {
  const card = await accessibleCard(ctx, auth, customNum);
  return {
    ...(await rechargeOffersOf(ctx, card)),
    balance: fenToYuan(card.balance_fen),
    pre_store: card.pre_store === 1,
    pre_store_mold: card.pre_store_mold,
  };
}

/** A card's recharge amounts and first-recharge offer: /recharge's, and quick payment's top-up. */
export async function rechargeOffersOf(ctx: AppContext, card: Card): Promise<QuickRechargeOptions> {
  const offer = card.has_first_balance_order === 1 ? undefined : await repo.rechargeOfferOfAgent(ctx.db.kysely, card.agent_id);
  return {
    presets: RECHARGE_PRESETS_YUAN,
    min: RECHARGE_MIN_YUAN,
    max: RECHARGE_MAX_YUAN,
    first_recharge: offer
      ? {
          amount: fenToYuan(offer.amount_fen),
          bonus_amount: fenToYuan(offer.bonus_fen),
          title: offer.title,
          description: offer.description,
        }
      : null,
  };
}

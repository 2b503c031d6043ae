// The catalogue as the console edits it. The portal's catalogue (commerce/catalogue) reads these
// very rows: a retail price saved here is the price the card holder is quoted and charged, a
// coupon package or first-recharge offer saved here is what /recharge shows. Every change writes
// its audit row (before/after, reason) in the same transaction.
import { marginOf, type AdminAnswerOf, type AdminBodyOf, type AdminQueryOf } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { fenToYuan, priceOutlier, type PricedPackage } from '@portal/domain';

const yuanText = (fen: number) => `¥${fenToYuan(fen).toFixed(2)}`;
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';

import {
  insertCouponPackage,
  insertPackage,
  replaceOffer,
  templatesOf,
  updateCouponPackage,
  updatePackage,
  type CouponPackageColumns,
  type PackageColumns,
} from '../../commerce';
import { insertSeries, updateSeries } from '../../series';
import type { AdminActor } from '../access/actor';
import { agentFilter, assertInScope } from '../access/scope';
import { heldAbove, type ApprovedBy, type Pending } from '../approvals/service';
import { recordAudit } from '../audit';
import * as repo from './repo';

type PackageOut = AdminAnswerOf<'adminPackageList'>['items'][number];

/** Why a price cannot be saved, or null. Retail below cost is refused, not warned: the agent would sell at a loss on every order. */
export function priceProblem(costFen: number, retailFen: number): string | null {
  if (retailFen < costFen) return `零售价不能低于成本价（成本 ${fenToYuan(costFen).toFixed(2)} 元）`;
  return null;
}

/**
 * A price far from the series' others is saved only once the operator has confirmed it: a typo of
 * a few zeros would otherwise sell (or give away) a plan at once. Answers whether it was one.
 */
async function checkOutlier(db: Executor, seriesId: number, p: PricedPackage, confirmed: boolean | undefined): Promise<boolean> {
  const siblings = (await repo.packagesList(db, { agent: null, seriesId })).map((s) => ({
    id: s.id,
    package_type: s.package_type,
    flow_mb: s.flow_mb,
    retail_fen: s.price_fen,
  }));
  const outlier = priceOutlier(p, siblings);
  if (outlier && !confirmed) throw new AppError(Code.PRICE_NEEDS_CONFIRM, outlier.message);
  return outlier !== null;
}

type PackageJoined = NonNullable<Awaited<ReturnType<typeof repo.packageById>>>;

function packageOut(p: PackageJoined): PackageOut {
  return {
    id: p.id,
    series_id: p.series_id,
    series_name: p.series_name,
    agent_id: p.agent_id,
    agent_name: p.agent_name,
    name: p.name,
    package_type: p.package_type,
    period: p.period,
    period_count: p.period_count,
    flow_mb: p.flow_mb,
    cost_fen: p.cost_fen,
    retail_fen: p.price_fen,
    original_price_fen: p.original_price_fen,
    ...marginOf(p.cost_fen, p.price_fen),
    description: p.description,
    voucher_allowed: p.voucher_allowed === 1,
    recommended: p.recommended === 1,
    on_sale: p.on_sale === 1,
    sort: p.sort,
  };
}

async function scopedPackage(db: Executor, op: AdminActor, id: number): Promise<PackageJoined> {
  const p = await repo.packageById(db, id);
  assertInScope(op, p?.agent_id);
  return p!;
}

export async function scopedSeries(db: Executor, op: AdminActor, id: number) {
  const s = await repo.seriesById(db, id);
  assertInScope(op, s?.agent_id);
  return s!;
}

export async function scopedAgent(db: Executor, op: AdminActor, id: number): Promise<void> {
  const a = await repo.agentExists(db, id);
  assertInScope(op, a?.id);
}

/** What an approved write's audit row adds: who asked, and who let it past the limit. */
export const approvalNote = (approved: ApprovedBy | null, op: AdminActor) =>
  approved ? { approval_id: approved.approvalId, requested_by: approved.requestedBy, approved_by: op.username } : {};

// ---------- series ----------
export async function listSeries(ctx: AppContext, op: AdminActor, q: AdminQueryOf<'adminSeriesList'>) {
  const agent = agentFilter(op);
  const rows = await repo.seriesList(ctx.db.kysely, agent);
  return {
    items: rows
      .filter((r) => q.agent_id === undefined || r.agent_id === q.agent_id)
      .map((r) => ({ ...r, package_count: Number(r.package_count ?? 0) })),
  };
}

export async function saveSeries(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminSeriesSave'>) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await scopedAgent(trx, op, b.agent_id);
    const fields = { name: b.name, description: b.description, sort: b.sort };
    let id = b.id;
    let before: unknown;
    if (id === undefined) {
      id = await insertSeries(trx, { agent_id: b.agent_id, ...fields, created_at: clock.iso() });
    } else {
      const old = await scopedSeries(trx, op, id);
      if (old.agent_id !== b.agent_id) throw new AppError(Code.BAD_REQUEST, '系列不能改到另一个代理名下');
      before = { name: old.name, description: old.description, sort: old.sort };
      await updateSeries(trx, id, fields);
    }
    await recordAudit(trx, op, {
      action: 'series.saved',
      target: { type: 'series', id },
      reason: b.reason,
      before,
      after: { agent_id: b.agent_id, ...fields },
    });
    const row = (await repo.seriesList(trx, [b.agent_id])).find((r) => r.id === id)!;
    return { ...row, package_count: Number(row.package_count ?? 0) };
  });
}

// ---------- packages and prices ----------
export async function listPackages(ctx: AppContext, op: AdminActor, q: AdminQueryOf<'adminPackageList'>) {
  const own = agentFilter(op);
  if (own !== null && q.agent_id !== undefined && !own.includes(q.agent_id)) return { items: [] };
  const agent = q.agent_id !== undefined ? [q.agent_id] : own;
  const rows = await repo.packagesList(ctx.db.kysely, { agent, seriesId: q.series_id, packageType: q.package_type });
  return { items: rows.map(packageOut) };
}

const priceOf = (p: PackageJoined) => ({ cost_fen: p.cost_fen, retail_fen: p.price_fen });

export async function savePackage(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminPackageSave'>): Promise<PackageOut | Pending> {
  return ctx.db.kysely.transaction().execute((trx) => savePackageIn(trx, op, b, null));
}

/** savePackage in the caller's transaction; `approved`: a second operator let its price past the limit. */
export async function savePackageIn(
  trx: Executor,
  op: AdminActor,
  b: AdminBodyOf<'adminPackageSave'>,
  approved: ApprovedBy | null,
): Promise<PackageOut | Pending> {
  const series = await scopedSeries(trx, op, b.series_id);
  const problem = priceProblem(b.cost_fen, b.retail_fen);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const outlier = await checkOutlier(
    trx,
    b.series_id,
    { id: b.id, package_type: b.package_type, flow_mb: b.flow_mb, retail_fen: b.retail_fen },
    b.price_confirmed,
  );
  if (!approved) {
    const held = await heldAbove(trx, op, {
      kind: 'package_save',
      agentId: series.agent_id,
      payload: b,
      summary: `${b.id === undefined ? '新建' : '修改'}套餐「${b.name}」（${series.name}）：零售价 ${yuanText(b.retail_fen)}`,
      reason: b.reason,
      write: { kind: 'price', retail_fen: b.retail_fen },
    });
    if (held) return held;
  }
  const cols: PackageColumns = {
    series_id: b.series_id,
    name: b.name,
    package_type: b.package_type,
    period: b.period,
    period_count: b.period_count,
    flow_mb: b.flow_mb,
    cost_fen: b.cost_fen,
    price_fen: b.retail_fen,
    original_price_fen: b.original_price_fen,
    description: b.description,
    voucher_allowed: b.voucher_allowed ? 1 : 0,
    recommended: b.recommended ? 1 : 0,
    on_sale: b.on_sale ? 1 : 0,
    sort: b.sort,
  };
  let id = b.id;
  let before: PackageOut | undefined;
  if (id === undefined) id = await insertPackage(trx, { ...cols, created_at: clock.iso() });
  else {
    before = packageOut(await scopedPackage(trx, op, id));
    await updatePackage(trx, id, cols);
  }
  const after = packageOut((await repo.packageById(trx, id))!);
  await recordAudit(trx, op, {
    action: 'package.saved',
    target: { type: 'package', id },
    reason: b.reason,
    before,
    after: { ...after, ...(outlier ? { price_confirmed: true } : {}), ...approvalNote(approved, op) },
  });
  return after;
}

export async function savePrice(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminPriceSave'>): Promise<PackageOut | Pending> {
  return ctx.db.kysely.transaction().execute((trx) => savePriceIn(trx, op, b, null));
}

/** savePrice in the caller's transaction; `approved`: a second operator let it past the limit. */
export async function savePriceIn(
  trx: Executor,
  op: AdminActor,
  b: AdminBodyOf<'adminPriceSave'>,
  approved: ApprovedBy | null,
): Promise<PackageOut | Pending> {
  const pkg = await scopedPackage(trx, op, b.package_id);
  // the cost is what the platform charges the agent: the agent does not set it
  if (b.cost_fen !== undefined && b.cost_fen !== pkg.cost_fen && op.role !== 'platform_admin')
    throw new AppError(Code.FORBIDDEN, '成本价由平台设置，代理管理员只能修改零售价');
  const cost = b.cost_fen ?? pkg.cost_fen;
  const problem = priceProblem(cost, b.retail_fen);
  if (problem) throw new AppError(Code.BAD_REQUEST, problem);
  const outlier = await checkOutlier(
    trx,
    pkg.series_id,
    { id: pkg.id, package_type: pkg.package_type, flow_mb: pkg.flow_mb, retail_fen: b.retail_fen },
    b.price_confirmed,
  );
  if (!approved) {
    const held = await heldAbove(trx, op, {
      kind: 'price_save',
      agentId: pkg.agent_id,
      payload: b,
      summary: `套餐「${pkg.name}」（${pkg.agent_name} · ${pkg.series_name}）：零售价 ${yuanText(pkg.price_fen)} → ${yuanText(b.retail_fen)}`,
      reason: b.reason,
      write: { kind: 'price', retail_fen: b.retail_fen },
    });
    if (held) return held;
  }
  await updatePackage(trx, pkg.id, { cost_fen: cost, price_fen: b.retail_fen });
  const after = (await repo.packageById(trx, pkg.id))!;
  await recordAudit(trx, op, {
    action: 'price.changed',
    target: { type: 'package', id: pkg.id },
    reason: b.reason,
    before: priceOf(pkg),
    after: { ...priceOf(after), ...(outlier ? { price_confirmed: true } : {}), ...approvalNote(approved, op) },
  });
  return packageOut(after);
}

// ---------- coupon packages ----------
type CouponJoined = NonNullable<Awaited<ReturnType<typeof repo.couponPackageById>>>;
function couponOut(c: CouponJoined) {
  return {
    id: c.id,
    agent_id: c.agent_id,
    agent_name: c.agent_name,
    name: c.name,
    price_fen: c.price_fen,
    description: c.description,
    vouchers: templatesOf(c.vouchers),
    on_sale: c.on_sale === 1,
  };
}

export async function listCouponPackages(ctx: AppContext, op: AdminActor) {
  return { items: (await repo.couponPackages(ctx.db.kysely, agentFilter(op))).map(couponOut) };
}

export async function saveCouponPackage(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminCouponPackageSave'>) {
  return ctx.db.kysely.transaction().execute((trx) => saveCouponPackageIn(trx, op, b, null));
}

type CouponOut = ReturnType<typeof couponOut>;

/**
 * saveCouponPackage in the caller's transaction. Its vouchers are issued to every buyer, so they
 * are held to a voucher issue's limits (docs/decisions/0048-limits-and-a-second-approver.md);
 * `approved`: a second operator let them past.
 */
export async function saveCouponPackageIn(
  trx: Executor,
  op: AdminActor,
  b: AdminBodyOf<'adminCouponPackageSave'>,
  approved: ApprovedBy | null,
): Promise<CouponOut | Pending> {
  await scopedAgent(trx, op, b.agent_id);
  const cols: CouponPackageColumns = {
    agent_id: b.agent_id,
    name: b.name,
    price_fen: b.price_fen,
    description: b.description,
    vouchers: JSON.stringify(b.vouchers),
    on_sale: b.on_sale ? 1 : 0,
  };
  let id = b.id;
  const old = id === undefined ? undefined : await repo.couponPackageById(trx, id);
  if (id !== undefined) {
    assertInScope(op, old?.agent_id);
    if (old!.agent_id !== b.agent_id) throw new AppError(Code.BAD_REQUEST, '券包不能改到另一个代理名下');
  }
  if (!approved) {
    const held = await heldAbove(trx, op, {
      kind: 'coupon_package_save',
      agentId: b.agent_id,
      payload: b,
      summary: `${id === undefined ? '新建' : '修改'}券包「${b.name}」：售价 ${yuanText(b.price_fen)}，含 ${b.vouchers
        .map((v) => `${yuanText(v.amount_fen)} 券（${v.valid_days} 天）`)
        .join('、')}`,
      reason: b.reason,
      write: { kind: 'coupon_package', vouchers: b.vouchers },
    });
    if (held) return held;
  }
  let before: unknown;
  if (id === undefined) id = await insertCouponPackage(trx, { ...cols, created_at: clock.iso() });
  else {
    before = couponOut(old!);
    await updateCouponPackage(trx, id, cols);
  }
  const after = couponOut((await repo.couponPackageById(trx, id))!);
  await recordAudit(trx, op, {
    action: 'coupon_package.saved',
    target: { type: 'coupon_package', id },
    reason: b.reason,
    before,
    after: { ...after, ...approvalNote(approved, op) },
  });
  return after;
}

// ---------- first-recharge offers ----------
type OfferJoined = Awaited<ReturnType<typeof repo.agentsWithOffers>>[number];
function offerOut(r: OfferJoined) {
  return {
    agent_id: r.agent_id,
    agent_name: r.agent_name,
    offer:
      r.offer_id === null
        ? null
        : { amount_fen: r.amount_fen!, bonus_fen: r.bonus_fen!, title: r.title ?? '', description: r.description ?? '' },
  };
}

export async function listOffers(ctx: AppContext, op: AdminActor) {
  return { items: (await repo.agentsWithOffers(ctx.db.kysely, agentFilter(op))).map(offerOut) };
}

export async function saveOffer(ctx: AppContext, op: AdminActor, b: AdminBodyOf<'adminRechargeOfferSave'>) {
  return ctx.db.kysely.transaction().execute(async (trx) => {
    await scopedAgent(trx, op, b.agent_id);
    const before = offerOut((await repo.agentsWithOffers(trx, [b.agent_id]))[0]!);
    await replaceOffer(trx, b.agent_id, b.offer);
    const after = offerOut((await repo.agentsWithOffers(trx, [b.agent_id]))[0]!);
    await recordAudit(trx, op, {
      action: 'recharge_offer.saved',
      target: { type: 'agent', id: b.agent_id },
      reason: b.reason,
      before: before.offer,
      after: after.offer,
    });
    return after;
  });
}

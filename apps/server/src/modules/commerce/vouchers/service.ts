// Vouchers of a card: lists by status, and the ones that apply to a package now (best first).
import { Code } from '@portal/contract/codes';
import type { Voucher } from '@portal/contract';
import { fenToYuan, rankVouchers, voucherProblem, voucherStatus, type VoucherProblem, type VoucherTerms } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Card, PackageRow, VoucherRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import { purchasablePackage } from '../catalogue/service';
import * as repo from './repo';

function typesOf(v: VoucherRow): number[] {
  try {
    const t: unknown = JSON.parse(v.package_types);
    return Array.isArray(t) ? t.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

function termsOf(v: VoucherRow): VoucherTerms & { id: number } {
  return {
    id: v.id,
    amount_fen: v.amount_fen,
    min_spend_fen: v.min_spend_fen,
    package_types: typesOf(v),
    expires_at: v.expires_at,
    status: v.status,
  };
}

function toVoucher(v: VoucherRow, now: Date): Voucher {
  return {
    id: v.id,
    name: v.name,
    amount: fenToYuan(v.amount_fen),
    min_spend: fenToYuan(v.min_spend_fen),
    package_types: typesOf(v),
    expires_at: v.expires_at,
    status: voucherStatus(v, now),
    source: v.source,
  };
}

export async function voucherList(
  ctx: AppContext,
  auth: Auth,
  customNum: string,
  status: 'usable' | 'invalid',
): Promise<{ list: Voucher[] }> {
  const card = await accessibleCard(ctx, auth, customNum);
  const now = clock.now();
  const all = (await repo.vouchersOfCard(ctx.db.kysely, card.id)).map((v) => toVoucher(v, now));
  const wanted = status === 'usable' ? ['usable', 'locked'] : ['used', 'expired'];
  return { list: all.filter((v) => wanted.includes(v.status)) };
}

/** The card's vouchers that apply to this package now, best first. */
export async function usableFor(ctx: AppContext, card: Card, pkg: PackageRow): Promise<Voucher[]> {
  const now = clock.now();
  const goods = { total_fen: pkg.price_fen, package_type: pkg.package_type, voucher_allowed: pkg.voucher_allowed === 1 };
  const rows = (await repo.vouchersOfCard(ctx.db.kysely, card.id)).filter((v) => voucherProblem(termsOf(v), goods, now) === null);
  const byId = new Map(rows.map((r) => [r.id, r]));
  return rankVouchers(rows.map(termsOf)).map((t) => toVoucher(byId.get(t.id)!, now));
}

export async function usableVouchers(ctx: AppContext, auth: Auth, customNum: string, packageId: number): Promise<{ list: Voucher[] }> {
  const card = await accessibleCard(ctx, auth, customNum);
  const pkg = await purchasablePackage(ctx, card, packageId);
  return { list: await usableFor(ctx, card, pkg) };
}

const PROBLEM_CODE: Record<VoucherProblem, number> = {
  not_allowed: Code.VOUCHER_NOT_ALLOWED,
  unusable: Code.VOUCHER_UNUSABLE,
  expired: Code.VOUCHER_EXPIRED,
  min_spend: Code.VOUCHER_MIN_SPEND,
  package_type: Code.VOUCHER_PACKAGE_TYPE,
  too_large: Code.VOUCHER_UNUSABLE,
};

/**
 * The voucher an order asks for, checked against the goods. Someone else's voucher answers 403
 * (as another person's card does); an unknown one 404.
 */
export async function voucherForOrder(
  ctx: AppContext,
  card: Card,
  voucherId: number,
  goods: { total_fen: number; package_type: number | null; voucher_allowed: boolean },
): Promise<VoucherRow> {
  const v = await repo.voucherById(ctx.db.kysely, voucherId);
  if (!v) throw new AppError(Code.NOT_FOUND, '优惠券不存在');
  if (v.card_id !== card.id) throw new AppError(Code.FORBIDDEN, '该优惠券不属于当前卡');
  const problem = voucherProblem(termsOf(v), goods, clock.now());
  if (problem) {
    const message = problem === 'too_large' ? '优惠券金额大于订单金额，请留到更大的订单使用' : undefined;
    throw new AppError(PROBLEM_CODE[problem], message);
  }
  return v;
}

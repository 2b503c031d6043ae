// An order's price, computed by the server from the card, the goods and the voucher: the quote the
// holder sees and the figures an order is placed with (the client's are never read; docs/decisions/0006).
import { Code } from '@portal/contract/codes';
import type { GoodsType, Quote, ShopDelivery } from '@portal/contract';
import { fenToYuan, firstRechargeBonus, packageEffect, payChannels, priceOf, rechargeAmountFen, type ChannelInput } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Card, PackageRow, VoucherRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard } from '../../cardRecord';
import { membershipForCommerce } from '../../membership';
import * as catalogueRepo from '../catalogue/repo';
import { purchasablePackage } from '../catalogue/service';
import { paySettingOfAgent } from '../paySettings/repo';
import { priceDevice, type PricedDevice } from '../shop/service';
import { priceUpgrade } from '../upgrade/service';
import { voucherForOrder } from '../vouchers/service';
import * as repo from './repo';

export interface OrderInput {
  custom_num: string;
  goods_type: GoodsType;
  package_id?: number | undefined;
  coupon_package_id?: number | undefined;
  amount?: number | undefined;
  voucher_id?: number | null | undefined;
  in_messaging_app: boolean;
  /** device (docs/decisions/0020) */
  product_id?: number | undefined;
  quantity?: number | undefined;
  delivery?: ShopDelivery | undefined;
}

export interface Priced {
  goods_type: GoodsType;
  title: string;
  total_fen: number;
  discount_fen: number;
  payable_fen: number;
  bonus_fen: number;
  pkg: PackageRow | null;
  coupon_package_id: number | null;
  voucher: VoucherRow | null;
  channelInput: ChannelInput;
  /** an upgrade: what it adds and until when, as quoted now (kept on the order for fulfilment) */
  upgrade?: { add_kb: number; expired_at: string };
  /** the card owner's member price: part of discount_fen (docs/decisions/0019) */
  member?: { discount_fen: number; level: string };
  /** a device: the product, how many, at what unit price (stock is held when the order is placed) */
  device?: PricedDevice;
}

/** Price an order for this card: goods, voucher, first-recharge bonus, channels. Writes nothing. */
export async function price(ctx: AppContext, card: Card, input: OrderInput): Promise<Priced> {
  let title: string;
  let total: number;
  let bonus = 0;
  let pkg: PackageRow | null = null;
  let couponPackageId: number | null = null;
  let goods: { total_fen: number; package_type: number | null; voucher_allowed: boolean };
  let upgrade: Priced['upgrade'];
  let device: PricedDevice | undefined;

  if (input.goods_type === 'package') {
    if (input.package_id === undefined) throw new AppError(Code.GOODS_REQUIRED, '请选择套餐');
    pkg = await purchasablePackage(ctx, card, input.package_id);
    const live = await repo.livePackages(ctx.db.kysely, card.id, clock.iso());
    const effect = packageEffect(pkg, live, card.expired_at, clock.now());
    if (effect.kind === 'refused') throw new AppError(Code.PACKAGE_UNAVAILABLE, effect.reason);
    title = pkg.name;
    total = pkg.price_fen;
    goods = { total_fen: total, package_type: pkg.package_type, voucher_allowed: pkg.voucher_allowed === 1 };
  } else if (input.goods_type === 'upgrade') {
    // The difference for the rest of the current period, recomputed from the card's package now
    // (docs/decisions/0013); vouchers do not apply to a price difference.
    if (input.package_id === undefined) throw new AppError(Code.GOODS_REQUIRED, '请选择要升级的套餐');
    const u = await priceUpgrade(ctx, card, input.package_id);
    pkg = u.pkg;
    title = u.title;
    total = u.quote.payable_fen;
    upgrade = { add_kb: u.quote.add_kb, expired_at: u.quote.expired_at };
    goods = { total_fen: total, package_type: pkg.package_type, voucher_allowed: false };
  } else if (input.goods_type === 'device') {
    // a device from the agent's shop (docs/decisions/0020); vouchers are for packages
    const d = await priceDevice(ctx.db.kysely, card, input.product_id, input.quantity);
    title = d.title;
    total = d.total_fen;
    device = d.device;
    goods = { total_fen: total, package_type: null, voucher_allowed: false };
  } else if (input.goods_type === 'recharge') {
    if (input.amount === undefined) throw new AppError(Code.RECHARGE_AMOUNT_INVALID);
    const fen = rechargeAmountFen(input.amount);
    if (fen === null) throw new AppError(Code.RECHARGE_AMOUNT_INVALID);
    const offer = await catalogueRepo.rechargeOfferOfAgent(ctx.db.kysely, card.agent_id);
    bonus = firstRechargeBonus(fen, card.has_first_balance_order === 1, offer ?? null);
    title = `余额充值${fenToYuan(fen)}元`;
    total = fen;
    goods = { total_fen: total, package_type: null, voucher_allowed: false };
  } else {
    if (input.coupon_package_id === undefined) throw new AppError(Code.GOODS_REQUIRED, '请选择券包');
    const cp = await catalogueRepo.couponPackageById(ctx.db.kysely, input.coupon_package_id);
    if (!cp || cp.on_sale !== 1 || cp.agent_id !== card.agent_id) throw new AppError(Code.COUPON_PACKAGE_UNAVAILABLE);
    couponPackageId = cp.id;
    title = cp.name;
    total = cp.price_fen;
    goods = { total_fen: total, package_type: null, voucher_allowed: false };
  }

  const voucher = input.voucher_id != null ? await voucherForOrder(ctx, card, input.voucher_id, goods) : null;
  // A package's member price first (the owner's level), then the voucher on what is left.
  const member = input.goods_type === 'package' ? await membershipForCommerce.memberPackageDiscount(ctx.db.kysely, card.id, total) : null;
  const afterMember = priceOf(total - (member?.discount_fen ?? 0), voucher ? voucher.amount_fen : null);
  const p = {
    total_fen: total,
    discount_fen: afterMember.discount_fen + (member?.discount_fen ?? 0),
    payable_fen: afterMember.payable_fen,
  };
  const setting = await paySettingOfAgent(ctx.db.kysely, card.agent_id);
  const channelInput: ChannelInput = {
    setting: {
      wechat_pay: setting?.wechat_pay === 1,
      ali_pay: setting?.ali_pay === 1,
      ant_credit_pay: setting?.ant_credit_pay === 1,
      ant_credit_min_money_fen: setting?.ant_credit_min_money_fen ?? 0,
    },
    goods_type: input.goods_type,
    payable_fen: p.payable_fen,
    balance_fen: card.balance_fen,
    in_messaging_app: input.in_messaging_app,
  };
  return {
    goods_type: input.goods_type,
    title,
    ...p,
    bonus_fen: bonus,
    pkg,
    coupon_package_id: couponPackageId,
    voucher,
    channelInput,
    ...(upgrade ? { upgrade } : {}),
    ...(member ? { member } : {}),
    ...(device ? { device } : {}),
  };
}

/** A priced order as the API shows it; `quick` orders never offer the balance. */
export function toQuote(p: Priced, quick = false): Quote {
  return {
    goods_type: p.goods_type,
    title: p.title,
    total: fenToYuan(p.total_fen),
    discount: fenToYuan(p.discount_fen),
    payable: fenToYuan(p.payable_fen),
    voucher_id: p.voucher?.id ?? null,
    channels: payChannels({ ...p.channelInput, without_balance: quick }).map(({ balance_fen, ...c }) =>
      balance_fen === undefined ? c : { ...c, balance: fenToYuan(balance_fen) },
    ),
    ...(p.member
      ? {
          member_discount: fenToYuan(p.member.discount_fen),
          member_level: p.member.level,
          voucher_discount: fenToYuan(p.discount_fen - p.member.discount_fen),
        }
      : {}),
    // a recharge says what lands on the balance before payment (a first-recharge bonus included)
    ...(p.goods_type === 'recharge' ? { credit: fenToYuan(p.total_fen + p.bonus_fen), bonus: fenToYuan(p.bonus_fen) } : {}),
  };
}

export async function quote(ctx: AppContext, auth: Auth, input: OrderInput): Promise<Quote> {
  const card = await accessibleCard(ctx, auth, input.custom_num);
  return toQuote(await price(ctx, card, input));
}

// What a refunded order gave, taken back inside the refund's transaction (refunds/service.ts): a
// recharge's money, a package's data and validity, an upgrade, a device, the vouchers it handed out,
// and the card's flags the order set. Each throws — rolling the whole refund back — when the goods
// were spent; each answers the effects in words for the operator's report.
import { Code } from '@portal/contract/codes';

import {
  cardExpiryAfterRefund,
  chinaDate,
  endedSegment,
  expiryAfterTakeBack,
  flagAfterRefund,
  flagsOfGoods,
  formatKb,
  queuedBehind,
  rechargeTakeBack,
  takeBackKb,
  voucherRevocationProblem,
  type CardFlag,
} from '@portal/domain';
import { formatValidUntil } from '@portal/domain/validity';

import type { Executor } from '../../../db/executor';
import type { OrderRow } from '../../../db/schema';

import { AppError } from '../../../lib/errors';

import { cardRecord } from '../../cardRecord';

import { chinaDayOf, lastChinaDayBefore, sumUsage } from '../../usage';
import * as balance from '../balance/repo';
import * as orders from '../orders/repo';
import { takeBackDevice } from '../shop/service';
import * as vouchers from '../vouchers/repo';
import * as repo from './repo';
import { yuan } from './words';

/** Take back what a delivered order gave, inside the refund's transaction. Throws (rolling back) when it was spent. */
export async function takeBackGoods(trx: Executor, order: OrderRow, now: Date): Promise<string[]> {
  const effects: string[] = [];
  const nowIso = now.toISOString();
  if (order.goods_type === 'recharge') {
    const plan = rechargeTakeBack(
      await balance.ledgerOfOrder(trx, order.card_id, order.order_no),
      await cardRecord.balanceOf(trx, order.card_id),
    );
    if (!plan.covered) {
      const left = await cardRecord.balanceOf(trx, order.card_id);
      throw new AppError(
        Code.REFUND_BALANCE_SPENT,
        `余额仅剩 ${yuan(left)}，不足以收回本次充值 ${yuan(plan.total_fen)}（已被使用），无法退款`,
      );
    }
    for (const e of plan.entries) {
      const note = e.kind === 'bonus' ? '退款收回首充赠送' : '退款收回充值';
      // conditional on the balance: if it was spent between the check and here, roll everything back
      if (
        (await balance.move(trx, {
          cardId: order.card_id,
          amountFen: -e.amount_fen,
          kind: 'refund',
          orderNo: order.order_no,
          note,
          nowIso,
        })) === null
      )
        throw new AppError(Code.REFUND_BALANCE_SPENT);
    }
    if (plan.total_fen > 0) effects.push(`从余额收回 ${yuan(plan.total_fen)}`);
  } else if (order.goods_type === 'coupon_package') {
    const vs = await vouchers.vouchersOfOrder(trx, order.order_no);
    if (vs.length === 0) throw new AppError(Code.REFUND_DELIVERY_UNKNOWN);
    const problem = voucherRevocationProblem(vs.map((v) => v.status));
    if (problem === 'used')
      throw new AppError(Code.REFUND_VOUCHERS_USED, `券包中的优惠券「${vs.find((v) => v.status === 'used')!.name}」已使用，无法退款`);
    if (problem === 'locked')
      throw new AppError(Code.REFUND_VOUCHERS_USED, '券包中的优惠券正被待支付订单占用，请待该订单关闭或支付后再退款');
    if ((await vouchers.revokeOrderVouchers(trx, order.order_no, nowIso)) !== vs.length) throw new AppError(Code.REFUND_RETRY);
    effects.push(`作废券包优惠券 ${vs.length} 张`);
  } else if (order.goods_type === 'package') {
    effects.push(...(await takeBackPackage(trx, order, now)));
  } else if (order.goods_type === 'upgrade') {
    effects.push(...(await takeBackUpgrade(trx, order, now)));
  } else if (order.goods_type === 'device') {
    effects.push(...(await takeBackDevice(trx, order, now)));
  }
  effects.push(...(await recomputeCard(trx, order)));
  return effects;
}

async function takeBackPackage(trx: Executor, order: OrderRow, now: Date): Promise<string[]> {
  const effects: string[] = [];
  const delivery = await orders.deliveryOf(trx, order.order_no);
  const segments = await orders.segmentsOf(trx, order.order_no);
  // Orders delivered before refunds existed recorded nothing: guessing could take the wrong data.
  if (!delivery) throw new AppError(Code.REFUND_DELIVERY_UNKNOWN);

  const dependents = [
    ...(await repo.additionsOnto(
      trx,
      segments.map((s) => s.id),
      order.order_no,
    )),
    ...queuedBehind(segments, await repo.otherOrderPackages(trx, order.card_id, order.order_no), now),
  ];
  if (dependents.length > 0)
    throw new AppError(
      Code.REFUND_GOODS_IN_USE,
      `该套餐上还有其他订单的权益（订单 ${[...new Set(dependents)].join('、')}），请先退这些订单`,
    );

  let ended = 0;
  for (const s of segments) {
    const next = endedSegment(s, now);
    if (!next) continue;
    if (!(await orders.endSegment(trx, s.id, s.expired_at, next))) throw new AppError(Code.REFUND_RETRY);
    ended++;
  }
  if (segments.length > 0) effects.push(ended > 0 ? `套餐「${segments[0]!.name}」已终止` : `套餐「${segments[0]!.name}」已过期，无需终止`);

  if (delivery.target_package_id !== null && delivery.add_kb > 0) {
    const target = await repo.packageRow(trx, delivery.target_package_id);
    if (target) {
      const today = chinaDate(now);
      const last = lastChinaDayBefore(target.expired_at);
      // KB used on the card over the package's China-time days so far
      const used = await sumUsage(trx, order.card_id, chinaDayOf(target.started_at), last && last < today ? last : today);
      const tb = takeBackKb(target.total_kb, delivery.add_kb, used);
      const expiredAt = expiryAfterTakeBack(target.expired_at, delivery.target_expired_before, delivery.target_expired_after);
      if (tb.taken_kb > 0 || expiredAt !== target.expired_at) {
        if (!(await orders.setPackage(trx, target.id, target, { total_kb: tb.total_kb, expired_at: expiredAt })))
          throw new AppError(Code.REFUND_RETRY);
      }
      effects.push(
        tb.taken_kb === delivery.add_kb
          ? `从套餐「${target.name}」收回流量 ${formatKb(tb.taken_kb)}`
          : `从套餐「${target.name}」收回流量 ${formatKb(tb.taken_kb)}（已使用的部分不收回）`,
      );
      if (expiredAt !== target.expired_at) effects.push(`套餐「${target.name}」有效期恢复至 ${formatValidUntil(expiredAt)}`);
    }
  }

  const card = await cardRecord.cardFlags(trx, order.card_id);
  const expiry = cardExpiryAfterRefund(
    card.expired_at,
    delivery.card_expired_before,
    await repo.standingPackageExpiries(trx, order.card_id),
  );
  if (expiry !== card.expired_at) {
    await cardRecord.restoreAfterRefund(trx, order.card_id, { expired_at: expiry });
    effects.push(`卡片有效期恢复至 ${formatValidUntil(expiry)}`);
  }
  return effects;
}

/**
 * An upgrade (docs/decisions/0013): its data comes off the row (the part not used, like a refuel's)
 * and the row is again the package it replaced. Refused while a later upgrade of the same row is
 * still paid: that one stands on this one and must be refunded first.
 */
async function takeBackUpgrade(trx: Executor, order: OrderRow, now: Date): Promise<string[]> {
  const delivery = await orders.deliveryOf(trx, order.order_no);
  if (!delivery) throw new AppError(Code.REFUND_DELIVERY_UNKNOWN);
  const rowId = delivery.target_package_id;
  if (rowId !== null && delivery.replaced_name !== null) {
    const later = await repo.laterUpgradesOnto(trx, rowId, delivery.id);
    if (later.length > 0) throw new AppError(Code.REFUND_GOODS_IN_USE, `该套餐之后又升级过（订单 ${later.join('、')}），请先退这些订单`);
  }
  const upgraded = rowId !== null ? await repo.packageRow(trx, rowId) : undefined;
  const effects = await takeBackPackage(trx, order, now);
  if (upgraded && delivery.replaced_name !== null && delivery.replaced_package_type !== null) {
    const back = { name: delivery.replaced_name, package_type: delivery.replaced_package_type, package_id: delivery.replaced_package_id };
    if (!(await orders.restoreReplacedPackage(trx, upgraded.id, upgraded.name, back))) throw new AppError(Code.REFUND_RETRY);
    effects.push(`套餐「${upgraded.name}」恢复为「${delivery.replaced_name}」`);
  }
  return effects;
}

const FLAG_LABEL: Record<CardFlag, string> = {
  order_has_payment: '已购套餐',
  ordered_flag: '已订购',
  balance_order_has_payment: '已充值',
  has_first_balance_order: '已首充',
};

/**
 * Card flags this kind of order turns on (order_has_payment…): a flag that orders turned on
 * stays on only while another order of the same kind is still paid.
 */
async function recomputeCard(trx: Executor, order: OrderRow): Promise<string[]> {
  const flags = flagsOfGoods(order.goods_type);
  if (flags.length === 0) return [];
  const setByOrders = new Set<string>();
  for (const list of await repo.flagsSetOnCard(trx, order.card_id)) {
    try {
      for (const f of JSON.parse(list) as unknown[]) if (typeof f === 'string') setByOrders.add(f);
    } catch {
      // a malformed list counts as no flags: leaving a flag on is the safe side
    }
  }
  const others = await repo.otherPaidOrders(trx, order.card_id, order.goods_type, order.order_no);
  const card = await cardRecord.cardFlags(trx, order.card_id);
  const patch: Partial<Record<CardFlag, number>> = {};
  const effects: string[] = [];
  for (const f of flags) {
    const next = flagAfterRefund(card[f], setByOrders.has(f), others);
    if (next !== card[f]) {
      patch[f] = next;
      effects.push(`卡片「${FLAG_LABEL[f]}」标记恢复为否`);
    }
  }
  await cardRecord.restoreAfterRefund(trx, order.card_id, patch);
  return effects;
}

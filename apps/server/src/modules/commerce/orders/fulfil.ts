// Settling an order: the one place where money is taken or credited and goods are delivered.
// Every function here runs inside ONE transaction (the Executor passed in) with conditional state
// changes, so a notification, a gateway query and a user's click racing for the same order settle
// it once. Each table is changed through its owner: orders' own repo, vouchers, the balance, and
// the card record (modules/cardRecord).
import { FLAGS_OF_GOODS, liveBase, packageEffect, upgradeVerdict, type CardFlag } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import type { OrderRow } from '../../../db/schema';
import { countPayment } from '../../../lib/metrics';
import { cardRecord } from '../../cardRecord';
import { commissionsForCommerce } from '../../commissions';
import { lineBeforeDelivery, noteDelivery, restoreLine, type Delivery } from '../../line';
import { membershipForCommerce } from '../../membership';
import * as balance from '../balance/repo';
import * as catalogue from '../catalogue/repo';
import { templatesOf } from '../catalogue/service';
import { releaseForUnpaid } from '../shop/service';
import { baseOf } from '../upgrade/service';
import * as vouchers from '../vouchers/repo';
import * as repo from './repo';

const addDaysIso = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

/** Deliver what a paid order bought, then paid → fulfilled. The order must be 'paid' in this transaction. */
export async function fulfil(trx: Executor, order: OrderRow, now: Date): Promise<void> {
  const nowIso = now.toISOString();
  if (order.voucher_id !== null) await vouchers.markUsed(trx, order.voucher_id, order.order_no, nowIso);
  // What this order changes on the card is recorded with it, so that a refund takes back exactly
  // that (commerce/refunds): its package rows, data added to another package, the flags it turned on.
  const before = await cardRecord.cardFlags(trx, order.card_id);
  // the line as it was before this delivery: what it needed decides whether the delivery brings it back
  const lineBefore = await lineBeforeDelivery(trx, order.card_id);
  let delivery: Delivery = { kind: 'other' };
  const flagsSet: CardFlag[] = [];
  let addition: { target_package_id: number; add_kb: number; target_expired_before: string | null; target_expired_after: string } | null =
    null;
  let replaced: { replaced_package_id: number | null; replaced_name: string; replaced_package_type: number } | null = null;

  if (order.goods_type === 'package' && order.package_id !== null) {
    const pkg = await catalogue.packageById(trx, order.package_id);
    if (!pkg) throw new Error(`order ${order.order_no}: package ${order.package_id} is missing`);
    delivery = { kind: 'package', packageType: pkg.package_type };
    const live = await repo.livePackages(trx, order.card_id, nowIso);
    let effect = packageEffect(pkg, live, before.expired_at, now);
    // Paid, but no longer applicable (its base package ended meanwhile): the customer still gets
    // the data, as a package of its own from now.
    if (effect.kind === 'refused') effect = packageEffect({ ...pkg, package_type: 7 }, [], before.expired_at, now);
    if (effect.kind === 'new') {
      await repo.insertPackages(
        trx,
        effect.segments.map((s) => ({
          card_id: order.card_id,
          name: pkg.name,
          package_type: pkg.package_type,
          ...s,
          created_at: nowIso,
          order_no: order.order_no,
        })),
      );
    } else if (effect.kind === 'add') {
      await repo.addToPackage(trx, effect.target_id, effect.add_kb, effect.expired_at);
      const target = live.find((p) => p.id === effect.target_id);
      addition = {
        target_package_id: effect.target_id,
        add_kb: effect.add_kb,
        target_expired_before: target?.expired_at ?? null,
        target_expired_after: effect.expired_at,
      };
    }
    flagsSet.push(...FLAGS_OF_GOODS.package.filter((f) => before[f] === 0));
    const cardExpiry = effect.kind === 'refused' ? before.expired_at : effect.card_expires_at;
    await cardRecord.markPackageBought(trx, order.card_id, cardExpiry);
  } else if (order.goods_type === 'upgrade' && order.package_id !== null) {
    delivery = { kind: 'upgrade' };
    const done = await deliverUpgrade(trx, order, now);
    addition = done.addition;
    replaced = done.replaced;
  } else if (order.goods_type === 'recharge') {
    await balance.move(trx, {
      cardId: order.card_id,
      amountFen: order.total_fen,
      kind: 'recharge',
      orderNo: order.order_no,
      note: '余额充值',
      nowIso,
    });
    // The first-recharge bonus goes to the one order that flips has_first_balance_order.
    const first = await cardRecord.markFirstBalanceOrder(trx, order.card_id);
    if (first) flagsSet.push('has_first_balance_order');
    if (before.balance_order_has_payment === 0) flagsSet.push('balance_order_has_payment');
    if (first && order.bonus_fen > 0) {
      await balance.move(trx, {
        cardId: order.card_id,
        amountFen: order.bonus_fen,
        kind: 'bonus',
        orderNo: order.order_no,
        note: '首充赠送',
        nowIso,
      });
    }
    await cardRecord.markBalanceOrderPaid(trx, order.card_id);
    delivery = { kind: 'recharge', balanceAfterFen: await cardRecord.balanceOf(trx, order.card_id) };
  } else if (order.goods_type === 'coupon_package' && order.coupon_package_id !== null) {
    const cp = await catalogue.couponPackageById(trx, order.coupon_package_id);
    if (!cp) throw new Error(`order ${order.order_no}: coupon package ${order.coupon_package_id} is missing`);
    await vouchers.insertOrderVouchers(
      trx,
      order.order_no,
      templatesOf(cp.vouchers).map((t) => ({
        card_id: order.card_id,
        name: `${(t.amount_fen / 100).toFixed(0)}元${t.min_spend_fen > 0 ? `满${(t.min_spend_fen / 100).toFixed(0)}可用` : '无门槛'}券`,
        amount_fen: t.amount_fen,
        min_spend_fen: t.min_spend_fen,
        package_types: t.package_types,
        expires_at: addDaysIso(now, t.valid_days),
        source: `券包：${cp.name}`,
        created_at: nowIso,
      })),
    );
  }
  // a delivery that fixes what stopped the line marks it for a resume, in this transaction; the
  // caller asks the carrier once the money has landed (afterSettled)
  const resumes = lineBefore ? await noteDelivery(trx, order.card_id, lineBefore, delivery, nowIso) : false;
  await repo.recordDelivery(trx, {
    resumes_line: resumes ? 1 : 0,
    order_no: order.order_no,
    card_id: order.card_id,
    card_expired_before: before.expired_at,
    flags_set: JSON.stringify(flagsSet),
    target_package_id: addition?.target_package_id ?? null,
    add_kb: addition?.add_kb ?? 0,
    target_expired_before: addition?.target_expired_before ?? null,
    target_expired_after: addition?.target_expired_after ?? null,
    created_at: nowIso,
    ...(replaced ?? {}),
  });
  await repo.markFulfilled(trx, order.order_no, nowIso);
  // growth for the card's owner and an inviter's reward, in this transaction (docs/decisions/0019)
  await membershipForCommerce.orderFulfilled(trx, order, nowIso);
  // the agent's commission, in this transaction (docs/decisions/0035-agent-commissions.md)
  await commissionsForCommerce.orderFulfilled(trx, order, nowIso);
}

/**
 * An upgrade (docs/decisions/0013), checked again now against the card's package in force:
 * - still an upgrade of it (the one quoted, or another base that is still smaller — say a
 *   second upgrade was paid first): that row becomes the target package from now, its expiry
 *   unchanged; the row, the data added and the package it replaced are recorded for a refund;
 * - no longer one (the base was refunded, or is already as big): the data the order was quoted
 *   for is still delivered — added to the package in force, or as a row of its own until the
 *   quoted expiry — never lost and never charged again.
 */
async function deliverUpgrade(trx: Executor, order: OrderRow, now: Date) {
  const pkg = await catalogue.packageById(trx, order.package_id!);
  if (!pkg) throw new Error(`order ${order.order_no}: package ${order.package_id} is missing`);
  const nowIso = now.toISOString();
  const base = await baseOf(trx, order.card_id, now);
  const v = upgradeVerdict(base, pkg, now);
  if (v.kind === 'upgrade' && base) {
    const next = { name: pkg.name, package_type: pkg.package_type, package_id: pkg.id, total_kb: base.total_kb + v.add_kb };
    if (!(await repo.replacePackage(trx, base.id, base, next)))
      throw new Error(`order ${order.order_no}: package ${base.id} changed meanwhile`);
    return {
      addition: {
        target_package_id: base.id,
        add_kb: v.add_kb,
        target_expired_before: base.expired_at,
        target_expired_after: base.expired_at,
      },
      replaced: { replaced_package_id: base.catalogue?.id ?? null, replaced_name: base.name, replaced_package_type: base.package_type },
    };
  }
  const addKb = order.upgrade_add_kb ?? pkg.flow_mb * 1024;
  const live = liveBase(await repo.livePackages(trx, order.card_id, nowIso), now);
  if (live) {
    await repo.addToPackage(trx, live.id, addKb, live.expired_at);
    return {
      addition: {
        target_package_id: live.id,
        add_kb: addKb,
        target_expired_before: live.expired_at,
        target_expired_after: live.expired_at,
      },
      replaced: null,
    };
  }
  // until the quoted expiry (the period paid for); an order paid after it still gets a day
  const quoted = order.upgrade_expired_at && Date.parse(order.upgrade_expired_at) > now.getTime() ? order.upgrade_expired_at : null;
  await repo.insertPackages(trx, [
    {
      card_id: order.card_id,
      name: `${pkg.name}（升级流量）`,
      // a superposition-type row: data of its own, never taken for a base package to upgrade
      package_type: 7,
      total_kb: addKb,
      started_at: nowIso,
      expired_at: quoted ?? addDaysIso(now, 1),
      created_at: nowIso,
      order_no: order.order_no,
      package_id: null,
    },
  ]);
  return { addition: null, replaced: null };
}

export type SettleOutcome = 'credited' | 'duplicate' | 'late';

/**
 * Money from a gateway (a verified notification or a query). In one transaction: record the
 * payment under its unique transaction id (a repeat changes nothing), move the order pending →
 * paid (only the winner of that conditional update credits), deliver. Money for an order that
 * is no longer pending is recorded and reported as 'late' for an operator to refund.
 */
export async function settlePaid(
  trx: Executor,
  order: OrderRow,
  p: { transactionId: string; amountFen: number; source: 'notify' | 'query' },
  now: Date,
): Promise<SettleOutcome> {
  const nowIso = now.toISOString();
  const fresh = await repo.insertPayment(trx, {
    orderNo: order.order_no,
    channel: order.pay_channel,
    transactionId: p.transactionId,
    amountFen: p.amountFen,
    source: p.source,
    nowIso,
  });
  if (!fresh) return 'duplicate';
  if (!(await repo.markPaid(trx, order.order_no, nowIso))) {
    // kept apart (payments.late) so that the operator's refund command finds it: npm run refund -- --late
    await repo.markPaymentLate(trx, p.transactionId);
    return 'late';
  }
  await fulfil(trx, { ...order, state: 'paid', paid_at: nowIso }, now);
  return 'credited';
}

/** pending → closed | failed, and the voucher comes back. False when the order was not pending. */
export async function settleUnpaid(trx: Executor, order: OrderRow, state: 'closed' | 'failed', now: Date): Promise<boolean> {
  if (!(await repo.markUnpaid(trx, order.order_no, state, now.toISOString()))) return false;
  if (state === 'failed') countPayment(order.pay_channel, 'failed');
  if (order.voucher_id !== null) await vouchers.release(trx, order.voucher_id, order.order_no);
  // a device order's held units go back on the shelf (once: shop/repo.releaseStock)
  await releaseForUnpaid(trx, order, now.toISOString());
  return true;
}

/**
 * After a payment has settled (its transaction committed): a line the delivery marked for a resume
 * is put back in service at the carrier now, so the result page can say 已恢复上网. A carrier that
 * does not answer leaves it to the restore job (modules/line); the payment stands either way.
 */
export async function afterSettled(ctx: AppContext, order: Pick<OrderRow, 'card_id'>): Promise<void> {
  await restoreLine(ctx, order.card_id);
}

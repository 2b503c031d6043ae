// Quick payment without login: anyone with a card number may buy a package FOR that card, or top
// up that card's balance with /recharge's amounts and offers (the goods and the money only ever go
// to the card). What it must not do: spend the card's balance (no balance
// channel) or its vouchers (they are the logged-in holder's: contract QuickQuoteRequest), or read other people's orders (each quick order is read with its unguessable
// access key, returned once at creation and stored only as a hash).
import { timingSafeEqual } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { PayChannel } from '@portal/contract/enums';
import type { Order, PayAction, QuickCardCheck, QuickRechargeOptions, Quote } from '@portal/contract';
import type { AppContext } from '../../../context';
import type { Card, OrderRow } from '../../../db/schema';
import { AppError } from '../../../lib/errors';
import { hit } from '../../../lib/throttle';
import { assertNotCancelled, assertPurchasable, cardRecord } from '../../cardRecord';
import { freshLine } from '../../line';
import * as catalogueRepo from '../catalogue/repo';
import { packagesForCard, rechargeOffersOf, withEffects } from '../catalogue/service';
import * as ordersRepo from '../orders/repo';
import { price, toQuote } from '../orders/pricing';
import { currentOrder, hashAccessKey, placeOrder, resumePayment, toOrders, type PlaceInput } from '../orders/service';

/** Token-less calls per client address: generous (carrier NAT), but no bulk card-number scanning. */
const QUICK_RULE = { limit: 60, windowMs: 60_000 };

export async function throttleQuick(ctx: AppContext, ip: string): Promise<void> {
  const r = await hit(ctx.db.kysely, `quick:${ip}`, QUICK_RULE);
  if (!r.allowed) throw new AppError(Code.RATE_LIMITED, '操作过于频繁，请稍后再试');
}

async function cardByNum(ctx: AppContext, customNum: string): Promise<Card> {
  const card = await cardRecord.cardByNum(ctx.db.kysely, customNum);
  if (!card) throw new AppError(Code.CARD_NOT_FOUND);
  return card;
}

const maskIccid = (iccid: string) => (iccid.length > 10 ? `${iccid.slice(0, 6)}${'*'.repeat(iccid.length - 10)}${iccid.slice(-4)}` : iccid);

export async function cardCheck(ctx: AppContext, customNum: string): Promise<QuickCardCheck> {
  const card = await cardByNum(ctx, customNum);
  const agent = await catalogueRepo.agentOf(ctx.db.kysely, card.agent_id);
  let reason: string | undefined;
  try {
    await assertPurchasable(ctx.db.kysely, card, 'package');
  } catch (err) {
    reason = err instanceof AppError ? err.message : '该卡暂不能购买套餐';
  }
  // the line as every page shows it: a visitor learns what is wrong in a few words, not the figures
  const { card: now, line } = await freshLine(ctx, card);
  return {
    custom_num: card.custom_num,
    masked_iccid: maskIccid(card.iccid),
    supplier: card.supplier,
    state: now.state,
    agent_name: agent?.nickname ?? '',
    can_buy: reason === undefined,
    ...(reason ? { reason } : {}),
    problem_title: line.problem?.title ?? '',
    needs: line.needs,
  };
}

export async function quickPackages(ctx: AppContext, customNum: string) {
  const card = await cardByNum(ctx, customNum);
  assertNotCancelled(card);
  return { list: await withEffects(ctx, card, await packagesForCard(ctx, card)) };
}

/** The amounts and first-recharge offer of a card's top-up, without its balance. */
export async function quickRechargeOptions(ctx: AppContext, customNum: string): Promise<QuickRechargeOptions> {
  const card = await cardByNum(ctx, customNum);
  assertNotCancelled(card);
  return rechargeOffersOf(ctx, card);
}

/** A package when the request names one, else a top-up of the amount (the schema allows one of the two). */
const goodsOf = (input: { amount?: number | undefined }) => (input.amount !== undefined ? ('recharge' as const) : ('package' as const));

export async function quickOrder(
  ctx: AppContext,
  input: Omit<PlaceInput, 'goods_type'>,
): Promise<Order & { access_key: string; pay: PayAction }> {
  if (input.pay_channel === PayChannel.Balance) throw new AppError(Code.PAY_CHANNEL_UNAVAILABLE, '免登录支付不支持余额支付，请登录后使用');
  const card = await cardByNum(ctx, input.custom_num);
  // never a voucher without a login (the schema refuses one too)
  const placed = await placeOrder(ctx, card, 0, { ...input, voucher_id: null, goods_type: goodsOf(input) }, true);
  const [order] = await toOrders(ctx, [placed.order], card.custom_num);
  return { ...order!, access_key: placed.accessKey!, pay: placed.pay };
}

/**
 * What the quick-payment page shows before paying: the server's price and the channels that can
 * pay it here (never the balance, see payChannels' without_balance). Writes nothing.
 */
export async function quickQuote(
  ctx: AppContext,
  input: {
    custom_num: string;
    package_id?: number | undefined;
    amount?: number | undefined;
    voucher_id?: null | undefined;
    in_messaging_app: boolean;
  },
): Promise<Quote> {
  const card = await cardByNum(ctx, input.custom_num);
  return toQuote(await price(ctx, card, { ...input, voucher_id: null, goods_type: goodsOf(input) }), true);
}

/** A quick order read with its access key; one answer for "no such order" and "wrong key", so order numbers cannot be probed. */
async function quickOrderByKey(ctx: AppContext, orderNo: string, accessKey: string): Promise<OrderRow> {
  const order = await ordersRepo.orderByNo(ctx.db.kysely, orderNo);
  const given = Buffer.from(hashAccessKey(accessKey), 'hex');
  const stored = Buffer.from(order?.access_key_hash ?? '', 'hex');
  if (!order || stored.length !== given.length || !timingSafeEqual(stored, given)) throw new AppError(Code.NOT_FOUND, '订单不存在');
  return order;
}

async function customNumOf(ctx: AppContext, order: OrderRow): Promise<string> {
  const card = await cardRecord.cardById(ctx.db.kysely, order.card_id);
  if (!card) throw new Error(`order ${order.order_no}: card ${order.card_id} is missing`);
  return card.custom_num;
}

/** "继续支付" of a quick order, with its access key (see resumePayment in orders/service.ts). */
export async function quickRepay(ctx: AppContext, orderNo: string, accessKey: string): Promise<Order & { pay: PayAction }> {
  const resumed = await resumePayment(ctx, await quickOrderByKey(ctx, orderNo, accessKey));
  return { ...(await toOrders(ctx, [resumed.order], await customNumOf(ctx, resumed.order)))[0]!, pay: resumed.pay };
}

export async function quickOrderDetail(ctx: AppContext, orderNo: string, accessKey: string): Promise<Order> {
  const order = await quickOrderByKey(ctx, orderNo, accessKey);
  return currentOrder(ctx, order, await customNumOf(ctx, order));
}

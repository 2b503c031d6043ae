// Orders: create (idempotent per request_id), detail, history, close, pay again. The price and the
// quote are ./pricing.ts: the server prices everything; the client's figures are never read. See docs/decisions/0006.
import { createHash, randomBytes, randomInt } from 'node:crypto';
import { Code } from '@portal/contract/codes';
import { PayChannel } from '@portal/contract/enums';
import type { GoodsType, Order, OrderListAnswer, PayAction } from '@portal/contract';
import { channelRefusal, fenToYuan, packageWindow } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { Card, OrderRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { countPayment } from '../../../lib/metrics';
import { AppError } from '../../../lib/errors';
import type { Auth } from '../../auth';
import { accessibleCard, assertNotCancelled, assertPurchasable, cardRecord } from '../../cardRecord';
import { lineOf, restoreLine } from '../../line';
import * as balance from '../balance/repo';
import * as catalogueRepo from '../catalogue/repo';
import { toPackage } from '../catalogue/service';
import { devicesOfOrders, holdForOrder } from '../shop/service';
import * as vouchersRepo from '../vouchers/repo';
import { afterSettled, fulfil, settleUnpaid } from './fulfil';
import { closeAtGateway, reconcileOrder, refreshPending } from './gateway';
import * as repo from './repo';
import { price, type OrderInput } from './pricing';

function newOrderNo(now: Date): string {
  const t = new Date(now.getTime() + 8 * 3600_000).toISOString().replace(/\D/g, '').slice(0, 14);
  return `${t}${String(randomInt(0, 1e8)).padStart(8, '0')}`;
}

export const hashAccessKey = (key: string) => createHash('sha256').update(key).digest('hex');

function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  return e?.code === '23505' || e?.code === 'SQLITE_CONSTRAINT_UNIQUE' || /UNIQUE constraint failed/.test(e?.message ?? '');
}

export interface PlaceInput extends OrderInput {
  pay_channel: number;
  request_id: string;
  /** the payer's address (the route's req.ip): WeChat Pay's H5 payment requires it */
  client_ip?: string | undefined;
}

interface Placed {
  order: OrderRow;
  pay: PayAction;
  /** quick orders: the secret that reads the order back (returned once, stored as a hash) */
  accessKey?: string;
}

function payActionOf(order: OrderRow): PayAction {
  if (order.state !== 'pending') return { kind: 'settled' };
  return { kind: 'redirect', url: order.pay_url ?? `/pay_status?order_no=${order.order_no}` };
}

/**
 * Create an order and start paying it. The same (card, request_id) always answers the same
 * order; balance and fully covered orders settle inside the creating transaction.
 */
export async function placeOrder(ctx: AppContext, card: Card, userId: number, input: PlaceInput, quick = false): Promise<Placed> {
  const fingerprint = JSON.stringify([
    input.goods_type,
    input.package_id ?? null,
    input.coupon_package_id ?? null,
    input.amount ?? null,
    input.voucher_id ?? null,
    input.pay_channel,
    ...(input.goods_type === 'device' ? [input.product_id ?? null, input.quantity ?? 1, input.delivery ?? null] : []),
  ]);
  const replay = async (): Promise<Placed | null> => {
    const existing = await repo.orderByRequest(ctx.db.kysely, card.id, input.request_id);
    if (!existing) return null;
    if (existing.request_fingerprint !== fingerprint) throw new AppError(Code.REQUEST_ID_REUSED);
    return { order: existing, pay: payActionOf(existing) };
  };
  const earlier = await replay();
  if (earlier) {
    if (quick) throw new AppError(Code.REQUEST_ID_REUSED, '该订单已创建，请勿重复提交');
    return earlier;
  }

  // a device is not a package: the card's package gates (real-name first…) do not stop buying one
  if (input.goods_type === 'device') assertNotCancelled(card);
  else await assertPurchasable(ctx.db.kysely, card, input.goods_type === 'recharge' ? 'recharge' : 'package');
  const p = await price(ctx, card, input);
  const refusal = channelRefusal({ ...p.channelInput, without_balance: quick }, input.pay_channel);
  if (refusal === '余额不足') throw new AppError(Code.BALANCE_INSUFFICIENT);
  if (refusal) throw new AppError(Code.PAY_CHANNEL_UNAVAILABLE, `${refusal}，请选择其他支付方式`);

  const now = clock.now();
  const nowIso = now.toISOString();
  const orderNo = newOrderNo(now);
  const accessKey = quick ? randomBytes(24).toString('base64url') : undefined;
  const settleNow = p.payable_fen === 0 || input.pay_channel === PayChannel.Balance;

  let order: OrderRow;
  try {
    order = await ctx.db.kysely.transaction().execute(async (trx) => {
      let o = await repo.insertOrder(trx, {
        order_no: orderNo,
        card_id: card.id,
        user_id: userId,
        goods_type: p.goods_type,
        title: p.title,
        package_id: p.pkg?.id ?? null,
        coupon_package_id: p.coupon_package_id,
        total_fen: p.total_fen,
        discount_fen: p.discount_fen,
        payable_fen: p.payable_fen,
        credit_fen: p.goods_type === 'recharge' ? p.total_fen + p.bonus_fen : 0,
        bonus_fen: p.bonus_fen,
        voucher_id: p.voucher?.id ?? null,
        pay_channel: input.pay_channel,
        state: 'pending',
        request_id: input.request_id,
        request_fingerprint: fingerprint,
        payment_id: null,
        pay_url: null,
        access_key_hash: accessKey ? hashAccessKey(accessKey) : '',
        created_at: nowIso,
        expires_at: new Date(now.getTime() + ctx.config.payOrderTtlMs).toISOString(),
        paid_at: null,
        fulfilled_at: null,
        closed_at: null,
        last_query_at: null,
        upgrade_add_kb: p.upgrade?.add_kb ?? null,
        upgrade_expired_at: p.upgrade?.expired_at ?? null,
        member_discount_fen: p.member?.discount_fen ?? 0,
      });
      if (p.voucher && !(await vouchersRepo.lock(trx, p.voucher.id, card.id, orderNo, nowIso)))
        throw new AppError(Code.VOUCHER_UNUSABLE, '该优惠券已被其他订单占用');
      if (p.device) await holdForOrder(trx, ctx.db.dialect, orderNo, p.device, input.delivery, nowIso);
      if (settleNow) {
        if (p.payable_fen > 0) {
          const after = await balance.move(trx, {
            cardId: card.id,
            amountFen: -p.payable_fen,
            kind: 'purchase',
            orderNo,
            note: p.title,
            nowIso,
          });
          if (after === null) throw new AppError(Code.BALANCE_INSUFFICIENT);
        }
        await repo.markPaid(trx, orderNo, nowIso);
        o = { ...o, state: 'paid', paid_at: nowIso };
        await fulfil(trx, o, now);
        o = (await repo.orderByNo(trx, orderNo))!;
      }
      return o;
    });
  } catch (err) {
    // Two identical requests at once: the unique (card_id, request_id) let one in; answer its order.
    if (isUniqueViolation(err)) {
      const again = await replay();
      if (again) return again;
    }
    throw err;
  }
  if (settleNow) {
    await afterSettled(ctx, order);
    return { order, pay: { kind: 'settled' }, accessKey };
  }

  const gateway = ctx.payments;
  try {
    if (!gateway) throw new Error('no payment gateway configured');
    const agent = await catalogueRepo.agentOf(ctx.db.kysely, card.agent_id);
    const returnUrl = quick ? `/quick_payment_success?order_no=${orderNo}&access_key=${accessKey}` : `/pay_status?order_no=${orderNo}`;
    const created = await gateway.createPayment({
      orderNo,
      channel: input.pay_channel,
      amountFen: p.payable_fen,
      subject: p.title,
      merchant: agent?.payee || agent?.nickname || '商户',
      returnUrl,
      ...(input.client_ip ? { clientIp: input.client_ip } : {}),
      inMessagingApp: input.in_messaging_app,
    });
    await repo.setPayment(ctx.db.kysely, orderNo, created.paymentId, created.cashierUrl);
    countPayment(input.pay_channel, 'created');
    order = { ...order, payment_id: created.paymentId, pay_url: created.cashierUrl };
    return { order, pay: { kind: 'redirect', url: created.cashierUrl }, accessKey };
  } catch (err) {
    ctx.log.error({ err, order_no: orderNo }, 'payment gateway refused to create a payment');
    await ctx.db.kysely.transaction().execute((trx) => settleUnpaid(trx, order, 'failed', clock.now()));
    throw new AppError(Code.PAYMENT_GATEWAY_ERROR);
  }
}

export async function createOrder(ctx: AppContext, auth: Auth, input: PlaceInput): Promise<Order & { pay: PayAction }> {
  const card = await accessibleCard(ctx, auth, input.custom_num);
  const placed = await placeOrder(ctx, card, auth.userId, input);
  return { ...(await toOrders(ctx, [placed.order], card.custom_num))[0]!, pay: placed.pay };
}

/** Orders as the API shows them, with their package and voucher. */
export async function toOrders(ctx: AppContext, rows: OrderRow[], customNum: string | ((r: OrderRow) => string)): Promise<Order[]> {
  const pkgIds = [...new Set(rows.map((r) => r.package_id).filter((x): x is number => x !== null))];
  const vIds = [...new Set(rows.map((r) => r.voucher_id).filter((x): x is number => x !== null))];
  const pkgs = await catalogueRepo.packagesByIds(ctx.db.kysely, pkgIds);
  const vs = await vouchersRepo.voucherLabels(ctx.db.kysely, vIds);
  const devices = await devicesOfOrders(ctx.db.kysely, rows);
  return rows.map((r) => {
    const pkg = pkgs.find((p) => p.id === r.package_id);
    const v = vs.find((x) => x.id === r.voucher_id);
    const o: Order = {
      order_no: r.order_no,
      goods_type: r.goods_type as GoodsType,
      title: r.title,
      custom_num: typeof customNum === 'string' ? customNum : customNum(r),
      total: fenToYuan(r.total_fen),
      discount: fenToYuan(r.discount_fen),
      payable: fenToYuan(r.payable_fen),
      pay_channel: r.pay_channel,
      state: r.state as Order['state'],
      created_at: r.created_at,
      paid_at: r.paid_at,
      voucher: v ? { id: v.id, name: v.name, amount: fenToYuan(v.amount_fen) } : null,
      expires_at: r.expires_at,
    };
    if (pkg) o.package = toPackage(pkg);
    if (r.member_discount_fen > 0) {
      o.member_discount = fenToYuan(r.member_discount_fen);
      o.voucher_discount = fenToYuan(r.discount_fen - r.member_discount_fen);
    }
    if (r.goods_type === 'recharge') o.credit = fenToYuan(r.credit_fen);
    const device = devices.get(r.order_no);
    if (device) o.device = device;
    return o;
  });
}

/** An order of the caller: someone else's → 403, unknown → 404. */
async function ownOrder(ctx: AppContext, auth: Auth, orderNo: string): Promise<{ order: OrderRow; card: Card }> {
  const order = await repo.orderByNo(ctx.db.kysely, orderNo);
  if (!order) throw new AppError(Code.NOT_FOUND, '订单不存在');
  const card = await cardRecord.cardById(ctx.db.kysely, order.card_id);
  if (!card) throw new Error(`order ${order.order_no}: card ${order.card_id} is missing`);
  try {
    await accessibleCard(ctx, auth, card.custom_num);
  } catch {
    throw new AppError(Code.FORBIDDEN, '无权查看该订单');
  }
  return { order, card };
}

export async function orderDetail(ctx: AppContext, auth: Auth, orderNo: string): Promise<Order> {
  const { order, card } = await ownOrder(ctx, auth, orderNo);
  return currentOrder(ctx, order, card.custom_num);
}

/**
 * An order as its pages show it. While pending, the gateway is asked (at most every few seconds)
 * rather than waiting for a notification; `gateway_unpaid` says it answered "nothing paid".
 */
export async function currentOrder(ctx: AppContext, order: OrderRow, customNum: string): Promise<Order> {
  const checked = order.state === 'pending' ? await refreshPending(ctx, order) : { order, unpaid: false };
  const o = (await toOrders(ctx, [checked.order], customNum))[0]!;
  const window = await packageWindowOf(ctx, checked.order);
  const lineAfter = await lineAfterOf(ctx, checked.order);
  return {
    ...o,
    ...(checked.unpaid ? { gateway_unpaid: true } : {}),
    ...(window ? { package_window: window } : {}),
    ...(lineAfter ? { line_after: lineAfter } : {}),
  };
}

/**
 * What a delivered order did for a stopped line (the result page's 已恢复上网 / 正在恢复 / 仍停机):
 * from the delivery's own mark and the line as every page shows it now (modules/line).
 */
async function lineAfterOf(ctx: AppContext, order: OrderRow): Promise<Order['line_after']> {
  if (order.state !== 'fulfilled' || order.goods_type === 'coupon_package' || order.goods_type === 'device') return undefined;
  const [delivery, card] = await Promise.all([
    repo.deliveryOf(ctx.db.kysely, order.order_no),
    cardRecord.cardById(ctx.db.kysely, order.card_id),
  ]);
  if (!card) return undefined;
  // still waiting for the carrier: the holder looking at the result page asks it again now
  const row =
    card.resume_requested_at && (await restoreLine(ctx, card.id)) ? ((await cardRecord.cardById(ctx.db.kysely, card.id)) ?? card) : card;
  const line = await lineOf(ctx.db.kysely, row);
  if (delivery?.resumes_line === 1) return line.restoring ? 'restoring' : line.in_service ? 'back_online' : 'stopped';
  return line.stop_reason ? 'stopped' : undefined;
}

/**
 * The days the package a delivered order brought works: its own rows (a package that started or
 * queued), or the package in force it was added to (a refuel or superposition). The result page
 * says this instead of a blanket "已生效", since a second basic package queues.
 */
async function packageWindowOf(ctx: AppContext, order: OrderRow): Promise<Order['package_window']> {
  if ((order.goods_type !== 'package' && order.goods_type !== 'upgrade') || order.state !== 'fulfilled') return undefined;
  const rows = await repo.segmentsOf(ctx.db.kysely, order.order_no);
  if (rows.length > 0) return packageWindow(rows[0]!.started_at, rows[rows.length - 1]!.expired_at);
  const added = await repo.deliveryOf(ctx.db.kysely, order.order_no);
  if (added?.target_expired_after && order.paid_at) return packageWindow(order.paid_at, added.target_expired_after);
  return undefined;
}

/**
 * The order list: the tab's orders of the given card, or (`scope: 'mine'`) of every card bound to
 * the caller now — a card-number login has only its own card. The given card must be the
 * caller's either way.
 */
export async function orderList(
  ctx: AppContext,
  auth: Auth,
  q: { custom_num: string; page: number; status: repo.OrderGroup; scope: 'card' | 'mine' },
): Promise<OrderListAnswer> {
  const card = await accessibleCard(ctx, auth, q.custom_num);
  const of = q.scope === 'mine' && auth.userId !== 0 ? { userId: auth.userId } : { cardId: card.id };
  const { rows, total } = await repo.ordersOf(ctx.db.kysely, of, q.status, q.page);
  const numOf = new Map(rows.map((r) => [r.id, r.custom_num]));
  return { list: await toOrders(ctx, rows, (r) => numOf.get(r.id)!), total, page: q.page, page_size: repo.PAGE_SIZE };
}

/**
 * Close a pending order. The gateway's payment is closed first, so it can no longer be paid; if
 * the money arrived in the meantime the order is settled as paid instead (never lost).
 */
export async function closeOrder(ctx: AppContext, auth: Auth, orderNo: string): Promise<Order> {
  const { order, card } = await ownOrder(ctx, auth, orderNo);
  if (order.state !== 'pending') throw new AppError(Code.ORDER_NOT_PENDING, '只能关闭待支付的订单');
  const after = await closeAtGateway(ctx, order);
  if (after.state !== 'closed')
    throw new AppError(Code.ORDER_NOT_PENDING, after.state === 'fulfilled' ? '订单已支付成功，无法关闭' : '订单状态已变更，无法关闭');
  return (await toOrders(ctx, [after], card.custom_num))[0]!;
}

/**
 * "继续支付" from any tab or device: the order is first checked with the gateway (it may have
 * been paid or have expired meanwhile), then a still-pending order goes back to its own cashier.
 * No new payment is created, so one order can never be paid twice through two cashiers.
 */
export async function resumePayment(ctx: AppContext, order: OrderRow): Promise<{ order: OrderRow; pay: PayAction }> {
  if (order.state !== 'pending') return settledOrRefused(order);
  const after = await reconcileOrder(ctx, order);
  if (after.state !== 'pending') return settledOrRefused(after);
  if (!after.pay_url) throw new AppError(Code.ORDER_NOT_PENDING, '订单支付信息已失效，请重新下单');
  return { order: after, pay: { kind: 'redirect', url: after.pay_url } };
}

function settledOrRefused(order: OrderRow): { order: OrderRow; pay: PayAction } {
  if (order.state === 'paid' || order.state === 'fulfilled') return { order, pay: { kind: 'settled' } };
  throw new AppError(Code.ORDER_NOT_PENDING, order.state === 'refunded' ? '订单已退款，请重新下单' : '订单已关闭，请重新下单');
}

export async function repayOrder(ctx: AppContext, auth: Auth, orderNo: string): Promise<Order & { pay: PayAction }> {
  const { order, card } = await ownOrder(ctx, auth, orderNo);
  const resumed = await resumePayment(ctx, order);
  return { ...(await toOrders(ctx, [resumed.order], card.custom_num))[0]!, pay: resumed.pay };
}

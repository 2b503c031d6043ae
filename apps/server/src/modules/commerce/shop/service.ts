// The device shop (docs/decisions/0020): the agent's devices, and what a device order carries
// beyond its money. A device order is an ordinary order (goods_type 'device'): orders/service
// prices it here, holds its stock here inside the order's transaction, and gives the stock back
// here when the order closes unpaid or is refunded before shipping. The operator console ships
// it with markShipped.
import { Code } from '@portal/contract/codes';
import { SHOP_MESSAGE, ShopCode } from '@portal/contract/shopCodes';
import { DEFAULT_AGENT_MARK } from '@portal/contract/enums';
import { SHIP_STATE_LABEL, type OrderDevice, type ShopDelivery, type ShopProduct, type ShopProductsAnswer } from '@portal/contract';
import { fenToYuan, maskMobile } from '@portal/domain';
import type { AppContext } from '../../../context';
import type { DialectName } from '../../../db/connect';
import type { Executor } from '../../../db/executor';
import type { Card, OrderRow } from '../../../db/schema';
import { clock } from '../../../lib/clock';
import { AppError } from '../../../lib/errors';
import { seriesIdsOf } from '../../cardRecord';
import * as repo from './repo';
import { addressLine, isShipState, listOf, refundableBeforeShipping, shipRefusal, unpaidCapReached, worksWith } from './rules';

/** A shop, binding or ticket business error: its code, and its own message or the code's (contract shopCodes). */
function shopError(code: ShopCode, message?: string): AppError {
  return new AppError(code, message ?? SHOP_MESSAGE[code]);
}

type ProductRow = NonNullable<Awaited<ReturnType<typeof repo.productById>>>;

async function toProducts(db: Executor, rows: ProductRow[]): Promise<ShopProduct[]> {
  const ids = [...new Set(rows.flatMap((r) => listOf<number>(r.series_ids, 'number')))];
  const names = new Map((await repo.seriesNames(db, ids)).map((s) => [s.id, s.name]));
  return rows.map((r) => {
    const series = listOf<number>(r.series_ids, 'number');
    return {
      id: r.id,
      name: r.name,
      summary: r.summary,
      image: r.image,
      bands: r.bands,
      carriers: listOf<string>(r.carriers, 'string'),
      cards: series.length === 0 ? '全部卡片' : series.map((s) => names.get(s) ?? `系列${s}`).join('、'),
      price: fenToYuan(r.price_fen),
      stock: r.stock,
    };
  });
}

/** No login: the devices the agent of the mark sells; none while its product_form is off. */
export async function shopProducts(ctx: AppContext, mark: string | undefined): Promise<ShopProductsAnswer> {
  const agent = await repo.agentOfMark(ctx.db.kysely, mark || DEFAULT_AGENT_MARK);
  if (!agent) throw new AppError(Code.NOT_FOUND, '未找到该品牌，请检查链接是否正确');
  if (agent.product_form !== 1) return { open: false, list: [] };
  return { open: true, list: await toProducts(ctx.db.kysely, await repo.productsOfAgent(ctx.db.kysely, agent.id)) };
}

export interface PricedDevice {
  card_id: number;
  product_id: number;
  quantity: number;
  unit_price_fen: number;
}

/** Price `quantity` of a product for this card: on sale, the card's agent's, works with the card. Writes nothing. */
export async function priceDevice(
  db: Executor,
  card: Card,
  productId: number | undefined,
  quantity: number | undefined,
): Promise<{ title: string; total_fen: number; device: PricedDevice }> {
  if (productId === undefined) throw new AppError(Code.GOODS_REQUIRED, '请选择要购买的设备');
  const p = await repo.productById(db, productId);
  if (!p || p.on_sale !== 1 || p.agent_id !== card.agent_id) throw shopError(ShopCode.PRODUCT_UNAVAILABLE);
  if (!worksWith(listOf<number>(p.series_ids, 'number'), seriesIdsOf(card.package_series_ids)))
    throw shopError(ShopCode.NOT_COMPATIBLE, `「${p.name}」不适用于卡片 ${card.custom_num}，请选择其他设备`);
  const qty = quantity ?? 1;
  // early, friendly refusals; the hold in the order's transaction is what really decides
  if (p.stock < qty) throw shopError(ShopCode.OUT_OF_STOCK, p.stock === 0 ? `「${p.name}」已售罄` : `「${p.name}」仅剩 ${p.stock} 件`);
  if (unpaidCapReached(await repo.unpaidDeviceOrders(db, card.id, clock.iso()))) throw shopError(ShopCode.TOO_MANY_UNPAID);
  return {
    title: qty === 1 ? p.name : `${p.name} ×${qty}`,
    total_fen: p.price_fen * qty,
    device: { card_id: card.id, product_id: p.id, quantity: qty, unit_price_fen: p.price_fen },
  };
}

/**
 * Inside the placing transaction, after the orders row: count the card's other unpaid device
 * orders under the card's lock (of twelve at once from one card, three get through; the rest roll
 * back with TOO_MANY_UNPAID, nothing written, nothing held), hold the units (a conditional UPDATE —
 * of two orders for the last unit exactly one gets it; the other rolls back with 库存不足) and
 * keep the address with the order.
 */
export async function holdForOrder(
  trx: Executor,
  dialect: DialectName,
  orderNo: string,
  d: PricedDevice,
  delivery: ShopDelivery | undefined,
  nowIso: string,
) {
  if (!delivery) throw shopError(ShopCode.DELIVERY_REQUIRED);
  await repo.lockCardForDeviceOrder(trx, dialect, d.card_id);
  if (unpaidCapReached(await repo.unpaidDeviceOrders(trx, d.card_id, nowIso, orderNo))) throw shopError(ShopCode.TOO_MANY_UNPAID);
  if (!(await repo.holdStock(trx, d.product_id, d.quantity))) throw shopError(ShopCode.OUT_OF_STOCK);
  await repo.insertShopOrder(trx, {
    order_no: orderNo,
    product_id: d.product_id,
    quantity: d.quantity,
    unit_price_fen: d.unit_price_fen,
    receiver: delivery.receiver.trim(),
    mobile: delivery.mobile.trim(),
    province: delivery.province,
    city: delivery.city,
    district: delivery.district.trim(),
    address: delivery.address.trim(),
    created_at: nowIso,
  });
}

/** Inside settleUnpaid's transaction (the order closed, expired or failed unpaid): the units go back, once. */
export async function releaseForUnpaid(trx: Executor, order: OrderRow, nowIso: string): Promise<void> {
  if (order.goods_type === 'device') await repo.releaseStock(trx, order.order_no, nowIso);
}

/** Inside a refund's transaction: a device not yet shipped goes back on the shelf; a shipped one must come back first. */
export async function takeBackDevice(trx: Executor, order: OrderRow, now: Date): Promise<string[]> {
  const row = await repo.shopOrderByNo(trx, order.order_no);
  if (!row) throw new AppError(Code.REFUND_DELIVERY_UNKNOWN);
  if (row.stock_released_at !== null) return [];
  if (!refundableBeforeShipping(row.ship_state)) throw shopError(ShopCode.ALREADY_SHIPPED);
  if (!(await repo.releaseStock(trx, order.order_no, now.toISOString()))) throw new AppError(Code.REFUND_RETRY);
  return [`设备未发货，库存退回 ${row.quantity} 件`];
}

/** The device part of orders as the order pages show them, by order number. */
export async function devicesOfOrders(
  db: Executor,
  orders: Pick<OrderRow, 'order_no' | 'goods_type'>[],
): Promise<Map<string, OrderDevice>> {
  const nos = orders.filter((o) => o.goods_type === 'device').map((o) => o.order_no);
  const out = new Map<string, OrderDevice>();
  for (const r of await repo.shopOrdersByNos(db, nos)) {
    const state = isShipState(r.ship_state) ? r.ship_state : 'awaiting';
    out.set(r.order_no, {
      product_id: r.product_id,
      name: r.name,
      image: r.image,
      quantity: r.quantity,
      unit_price: fenToYuan(r.unit_price_fen),
      ship_state: state,
      ship_state_label: SHIP_STATE_LABEL[state],
      carrier: r.carrier,
      tracking_no: r.tracking_no,
      shipped_at: r.shipped_at,
      receiver: r.receiver,
      mobile: maskMobile(r.mobile),
      address: addressLine(r),
    });
  }
  return out;
}

/**
 * For the operator console (no admin endpoint yet): a paid device order leaves the warehouse with
 * a carrier and a tracking number. Refused with the reason when it is not paid, already shipped,
 * or the tracking is malformed.
 */
export async function markShipped(
  ctx: AppContext,
  orderNo: string,
  tracking: { carrier: string; tracking_no: string },
  // the console passes its transaction: the shipping and its audit row are written together
  db: Executor = ctx.db.kysely,
): Promise<void> {
  const row = await repo.shopOrderByNo(db, orderNo);
  if (!row) throw new AppError(Code.NOT_FOUND, '设备订单不存在');
  const why = shipRefusal((await repo.orderStateOf(db, orderNo)) ?? '', row.ship_state, 'shipped', tracking);
  if (why) throw new AppError(Code.BAD_REQUEST, why);
  const t = { carrier: tracking.carrier.trim(), tracking_no: tracking.tracking_no.trim() };
  if (!(await repo.markShipped(db, orderNo, t, clock.iso()))) throw new AppError(Code.BAD_REQUEST, '订单状态已变更，请刷新后重试');
}

/** For the operator console: the parcel was signed for. */
export async function markReceived(ctx: AppContext, orderNo: string, db: Executor = ctx.db.kysely): Promise<void> {
  const row = await repo.shopOrderByNo(db, orderNo);
  if (!row) throw new AppError(Code.NOT_FOUND, '设备订单不存在');
  const why = shipRefusal((await repo.orderStateOf(db, orderNo)) ?? '', row.ship_state, 'received');
  if (why) throw new AppError(Code.BAD_REQUEST, why);
  if (!(await repo.markReceived(db, orderNo, clock.iso()))) throw new AppError(Code.BAD_REQUEST, '订单状态已变更，请刷新后重试');
}

/** For the operator console: paid device orders waiting to ship, oldest first. */
export async function ordersAwaitingShipment(ctx: AppContext, limit = 100) {
  return repo.awaitingShipment(ctx.db.kysely, limit);
}

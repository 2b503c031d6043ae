// Pure rules of the device shop (table-tested in rules.test.ts): which cards a device works with,
// the address as one line, the shipping steps, when a paid device order may still be refunded, and
// when a card may place one more.
import { SHIP_STATES, type ShipState } from '@portal/contract';
import { MAX_UNPAID_DEVICE_ORDERS } from '@portal/contract/shopCodes';

/** A JSON list of ids or names as stored; anything else counts as an empty list. */
export function listOf<T extends number | string>(raw: string, kind: 'number' | 'string'): T[] {
  try {
    const v: unknown = JSON.parse(raw);
    return Array.isArray(v) ? (v.filter((x) => (kind === 'number' ? Number.isInteger(x) : typeof x === 'string')) as T[]) : [];
  } catch {
    return [];
  }
}

/** A device works with a card when it names no series (any card) or shares one with the card. */
export function worksWith(productSeries: readonly number[], cardSeries: readonly number[]): boolean {
  return productSeries.length === 0 || productSeries.some((s) => cardSeries.includes(s));
}

/** "广东省 深圳市 南山区 科技园路 1 号"; a municipality is said once ("北京市 朝阳区 …"). */
export function addressLine(d: { province: string; city: string; district: string; address: string }): string {
  const parts = d.city === d.province ? [d.province, d.district, d.address] : [d.province, d.city, d.district, d.address];
  return parts.filter((p) => p !== '').join(' ');
}

export const isShipState = (s: string): s is ShipState => (SHIP_STATES as readonly string[]).includes(s);

/**
 * The operator's shipping steps: awaiting → shipped (with a carrier and a tracking number) →
 * received. Answers why a step is refused, or null. Only a paid order ships.
 */
export function shipRefusal(
  orderState: string,
  from: string,
  to: ShipState,
  tracking?: { carrier: string; tracking_no: string },
): string | null {
  if (orderState !== 'fulfilled') return '订单未支付或已退款，不能发货';
  if (to === 'shipped') {
    if (from !== 'awaiting') return from === 'shipped' ? '该订单已发货' : '该订单已签收';
    if (!tracking || tracking.carrier.trim() === '') return '请填写快递公司';
    if (!/^[A-Za-z0-9-]{6,32}$/.test(tracking.tracking_no.trim())) return '快递单号为 6-32 位字母或数字';
    return null;
  }
  if (to === 'received') return from === 'shipped' ? null : '该订单尚未发货';
  return '不能退回到待发货';
}

/** A paid device order is refunded by the money path only before it ships (after: return the device first). */
export const refundableBeforeShipping = (shipState: string) => shipState === 'awaiting';

/** A card holding this many unpaid device orders (each holding stock) may not place another. */
export function unpaidCapReached(unpaidOrders: number): boolean {
  return unpaidOrders >= MAX_UNPAID_DEVICE_ORDERS;
}

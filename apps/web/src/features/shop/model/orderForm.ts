// The device order form (/shopping): quantity by the number input of docs/spec/portal-spec.md §5
// (clamped to 1..9999, whole numbers) and the delivery address, checked here with the same limits
// the server applies, so the user is told what to fix before anything is sent. Province, city and
// district come from the one region picker (features/addresses).
import { ADDRESS_MAX, ADDRESS_MIN, RECEIVER_MAX, RECEIVER_MIN, SHOP_QUANTITY_MAX, SHOP_QUANTITY_MIN } from '@portal/contract/patterns/shop';

export type OrderField = 'quantity' | 'receiver' | 'mobile' | 'region' | 'address';

export interface OrderFields {
  quantity: number;
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

export const EMPTY_ORDER_FORM: OrderFields = { quantity: 1, receiver: '', mobile: '', province: '', city: '', district: '', address: '' };

/** The number input's clamp: anything typed becomes a whole number in 1..max (max: the stock, at most 9999). */
export function clampQuantity(raw: string | number, max: number = SHOP_QUANTITY_MAX): number {
  const top = Math.max(SHOP_QUANTITY_MIN, Math.min(SHOP_QUANTITY_MAX, Math.floor(max)));
  const n = typeof raw === 'number' ? raw : parseInt(String(raw).replace(/[^\d.]/g, ''), 10);
  if (!Number.isFinite(n) || n < SHOP_QUANTITY_MIN) return SHOP_QUANTITY_MIN;
  return Math.min(Math.floor(n), top);
}

const len = (s: string) => [...s.trim()].length;

/** The first thing to fix, or null. */
export function orderFormError(f: OrderFields): { field: OrderField; message: string } | null {
  const r = len(f.receiver);
  if (r < RECEIVER_MIN || r > RECEIVER_MAX)
    return { field: 'receiver', message: `请填写收货人姓名（${RECEIVER_MIN}-${RECEIVER_MAX} 个字）` };
  if (!/^1\d{10}$/.test(f.mobile.trim())) return { field: 'mobile', message: '请输入11位手机号' };
  if (!f.province || !f.city || !f.district) return { field: 'region', message: '请选择所在省 / 市 / 区县' };
  const a = len(f.address);
  if (a < ADDRESS_MIN || a > ADDRESS_MAX)
    return { field: 'address', message: `请填写详细地址（${ADDRESS_MIN}-${ADDRESS_MAX} 个字，如街道、门牌号）` };
  return null;
}

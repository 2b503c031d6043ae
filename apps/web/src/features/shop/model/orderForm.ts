// The device order form (/shopping): quantity by the number input of docs/spec/portal-spec.md §5
// (clamped to 1..9999, whole numbers) and the delivery address, checked here with the same limits
// the server applies, so the user is told what to fix before anything is sent. Province, city and
// district come from the one region picker (features/addresses).
import { SHOP_QUANTITY_MAX, SHOP_QUANTITY_MIN } from '@portal/contract/patterns/shop';
import { deliveryAddressError } from '../../../lib/deliveryAddress';

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

/** The first thing to fix, or null: the delivery address's checks (lib/deliveryAddress.ts). */
export function orderFormError(f: OrderFields): { field: OrderField; message: string } | null {
  return deliveryAddressError(f);
}

// A delivery address as a holder types it (地址管理, the device order form): the limits the server
// applies (contract/patterns/shop.ts), checked before anything is sent, the first problem said at
// its field.
import { ADDRESS_MAX, ADDRESS_MIN, RECEIVER_MAX, RECEIVER_MIN } from '@portal/contract/patterns/shop';

export type DeliveryAddressField = 'receiver' | 'mobile' | 'region' | 'address';

export interface DeliveryAddress {
  receiver: string;
  mobile: string;
  province: string;
  city: string;
  district: string;
  address: string;
}

const len = (s: string) => [...s.trim()].length;

/** The first thing to fix, or null. */
export function deliveryAddressError(f: DeliveryAddress): { field: DeliveryAddressField; message: string } | null {
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

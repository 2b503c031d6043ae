// 地址管理's form: the same limits the server applies (contract/addresses.ts), checked before
// anything is sent, each problem said at its field.
import { ADDRESS_MAX, ADDRESS_MIN, RECEIVER_MAX, RECEIVER_MIN } from '@portal/contract/patterns/shop';
import type { RegionValue } from './region';

export type AddressField = 'receiver' | 'mobile' | 'region' | 'address';

export interface AddressFields extends RegionValue {
  receiver: string;
  mobile: string;
  address: string;
  isDefault: boolean;
}

export const EMPTY_ADDRESS: AddressFields = {
  receiver: '',
  mobile: '',
  province: '',
  city: '',
  district: '',
  address: '',
  isDefault: false,
};

const len = (s: string) => [...s.trim()].length;

/** The first thing to fix, or null. */
export function addressFormError(f: AddressFields): { field: AddressField; message: string } | null {
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

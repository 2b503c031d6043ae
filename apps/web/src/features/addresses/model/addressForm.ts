// 地址管理's form: the same limits the server applies (contract/addresses.ts), checked before
// anything is sent, each problem said at its field.
import { deliveryAddressError } from '../../../lib/deliveryAddress';
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

/** The first thing to fix, or null: the delivery address's checks (lib/deliveryAddress.ts). */
export function addressFormError(f: AddressFields): { field: AddressField; message: string } | null {
  return deliveryAddressError(f);
}

// A holder's saved addresses (地址管理): read and changed through the server, which keeps each
// holder to their own. Card-number logins have none (the server says so; the pages do not ask).
import type { AddressSaveRequest, SavedAddress } from '@portal/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import * as api from '@portal/contract/routes/addresses';
import { call } from '../../../lib/api';

export type { SavedAddress };

export const addressesKey = ['addresses'] as const;

export function useSavedAddresses(enabled = true) {
  return useQuery({
    queryKey: addressesKey,
    queryFn: ({ signal }) => call(api.addressList, undefined, { signal }).then((a) => a.list),
    enabled,
  });
}

export async function saveAddress(qc: QueryClient, body: AddressSaveRequest): Promise<SavedAddress> {
  // a form's call: 地址管理 shows a refusal or a lost network in the form, so no toast over the fields
  const saved = await call(api.addressSave, body, { form: true });
  await qc.invalidateQueries({ queryKey: addressesKey });
  return saved;
}

export async function deleteAddress(qc: QueryClient, id: number): Promise<void> {
  qc.setQueryData(addressesKey, (await call(api.addressDelete, { id })).list);
}

export async function setDefaultAddress(qc: QueryClient, id: number): Promise<void> {
  qc.setQueryData(addressesKey, (await call(api.addressSetDefault, { id })).list);
}

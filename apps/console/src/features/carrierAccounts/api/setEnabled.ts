import { call } from '../../../lib/api';
import type { CarrierAccount } from './getCarrierAccounts';

/** 停用 / 启用, with the reason. */
export const setCarrierAccountEnabled = (row: CarrierAccount, enabled: boolean, reason: string) =>
  call('adminCarrierAccountSetEnabled', { id: row.id, enabled, reason });

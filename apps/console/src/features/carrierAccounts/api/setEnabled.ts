import { call } from '../../../lib/api';
import type { CarrierAccount } from './getCarrierAccounts';
import * as admin from '@portal/contract/routes/admin';

/** 停用 / 启用, with the reason. */
export const setCarrierAccountEnabled = (row: CarrierAccount, enabled: boolean, reason: string) =>
  call(admin.adminCarrierAccountSetEnabled, { id: row.id, enabled, reason });

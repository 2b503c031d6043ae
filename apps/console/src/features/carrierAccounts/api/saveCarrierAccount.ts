import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { toCreateBody, toUpdateBody, type AccountFormValues } from '../model/accountForm';
import { invalidateCarrierAccounts, type CarrierAccount, type CarrierKind } from './getCarrierAccounts';
import * as admin from '@portal/contract/routes/admin';

/** 保存: a new account, or an edit of `account` (a secret left empty keeps the stored one). */
export function useSaveCarrierAccount(
  account: CarrierAccount | null,
  kindOf: (carrier: string) => CarrierKind | undefined,
  done: (name: string) => void,
) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (v: AccountFormValues) => {
      const kind = kindOf(account?.carrier ?? v.carrier);
      if (!kind) throw new Error('请选择平台类型');
      return account
        ? call(admin.adminCarrierAccountUpdate, toUpdateBody(account, kind, v))
        : call(admin.adminCarrierAccountCreate, toCreateBody(kind, v));
    },
    onSuccess: (row) => {
      done(row.name);
      void invalidateCarrierAccounts(qc);
    },
  });
}

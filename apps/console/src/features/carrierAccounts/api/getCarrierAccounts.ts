import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CarrierAccount = AdminAnswerOf<'adminCarrierAccountList'>['items'][number];
export type CarrierKind = AdminAnswerOf<'adminCarrierKinds'>['items'][number];

/** 运营商账号: one unpaged list, each account with its health. */
export const carrierAccountsList = () => ({
  queryKey: queryKeys.carrierAccounts.all,
  fetchPage: () => call(admin.adminCarrierAccountList),
});

/** The platform kinds and their fields, for the form (kept a few minutes). */
export const useCarrierKinds = () =>
  useQuery({ queryKey: queryKeys.carrierAccounts.kinds, queryFn: () => call(admin.adminCarrierKinds), staleTime: 5 * 60_000 });

/** The dashboard's panel: the accounts' health, asked again every minute while it is open. */
export const useCarrierHealth = () =>
  useQuery({ queryKey: queryKeys.carrierAccounts.health, queryFn: () => call(admin.adminCarrierAccountList), refetchInterval: 60_000 });

/** After any change to an account: the list and the dashboard's panel are asked again. */
export const invalidateCarrierAccounts = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.carrierAccounts.all });

// The lists that several features' selects offer (代理, 套餐系列, 运营商账号): read here once, under the keys
// of their areas, so a change to an agent or a series refreshes every select that shows it.
import { useQuery } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './queryKeys';
import * as admin from '@portal/contract/routes/admin';

/** Every agent the operator may see. */
export const useAgents = (enabled = true) =>
  useQuery({ queryKey: queryKeys.agents.all, queryFn: () => call(admin.adminAgentList), enabled });

/** Every package series the operator may see. */
export const useSeries = () => useQuery({ queryKey: queryKeys.series.all, queryFn: () => call(admin.adminSeriesList, {}) });

/** The enabled carrier accounts a card may be put on (导入's 运营商账号, the bulk job 移至运营商账号). */
export const useCarrierAccountChoices = (enabled = true) =>
  useQuery({ queryKey: queryKeys.carrierAccountChoices, queryFn: () => call(admin.adminCarrierAccountChoices), enabled });

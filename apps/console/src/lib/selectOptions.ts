// The lists that several features' selects offer (代理, 套餐系列): read here once, under the keys
// of their areas, so a change to an agent or a series refreshes every select that shows it.
import { useQuery } from '@tanstack/react-query';
import { call } from './api';
import { queryKeys } from './queryKeys';

/** Every agent the operator may see. */
export const useAgents = (enabled = true) => useQuery({ queryKey: queryKeys.agents.all, queryFn: () => call('adminAgentList'), enabled });

/** Every package series the operator may see. */
export const useSeries = () => useQuery({ queryKey: queryKeys.series.all, queryFn: () => call('adminSeriesList', {}) });

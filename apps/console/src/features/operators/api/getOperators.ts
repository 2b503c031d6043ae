import { useQuery, type QueryClient } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type OperatorRow = AdminAnswerOf<'adminOperatorList'>['items'][number];

/** 操作员: one unpaged list. */
export const operatorsList = () => ({ queryKey: queryKeys.operators.all, fetchPage: () => call(admin.adminOperatorList) });

/** The agents an agent administrator may belong to (kept a minute). */
export const useAgentOptions = () =>
  useQuery({ queryKey: queryKeys.agents.options, queryFn: () => call(admin.adminAgentList), staleTime: 60_000 });

/** After any change to an operator: the list is asked again. */
export const invalidateOperators = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.operators.all });

import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';

export type OperatorRow = AdminAnswerOf<'adminOperatorList'>['items'][number];

/** 操作员: one unpaged list. */
export const operatorsList = () => ({ queryKey: queryKeys.operators.all, fetchPage: () => call('adminOperatorList') });

/** The agents an agent administrator may belong to (kept a minute). */
export const useAgentOptions = () =>
  useQuery({ queryKey: queryKeys.agents.options, queryFn: () => call('adminAgentList'), staleTime: 60_000 });

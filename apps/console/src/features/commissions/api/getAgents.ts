import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CommissionAgent = AdminAnswerOf<'adminCommissionAgents'>['items'][number];

/** Every agent's figures the operator may see (an agent administrator: theirs). */
export const useCommissionAgents = () =>
  useQuery({ queryKey: queryKeys.commissions.agents, queryFn: () => call(admin.adminCommissionAgents) });

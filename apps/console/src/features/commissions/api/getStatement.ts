import { useQuery } from '@tanstack/react-query';
import type { AdminAnswerOf } from '@portal/contract/admin';
import { call, urlOf } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CommissionStatement = AdminAnswerOf<'adminCommissionStatement'>;

/** A China-time month of an agent's commission. */
export const useCommissionStatement = (agentId: number | undefined, month: string) =>
  useQuery({
    queryKey: queryKeys.commissions.statement(agentId, month),
    queryFn: () => call(admin.adminCommissionStatement, { agent_id: agentId, month }),
  });

/** The month's CSV (China time), for a download link. */
export const statementCsvUrl = (agentId: number | undefined, month: string) =>
  urlOf(admin.adminCommissionStatementExport, { agent_id: agentId, month });

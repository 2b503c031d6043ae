import type { AdminAnswerOf } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CommissionEntry = AdminAnswerOf<'adminCommissionLedger'>['items'][number];

/** 佣金流水 of one agent, newest first, keyset pages. */
export const commissionLedgerList = (agentId: number | undefined) => ({
  queryKey: queryKeys.commissions.ledger(agentId),
  fetchPage: (before: number | undefined) => call(admin.adminCommissionLedger, { agent_id: agentId, before_id: before }),
});

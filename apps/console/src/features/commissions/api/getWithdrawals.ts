import type { AdminAnswerOf, WithdrawalStateName } from '@portal/contract/admin';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export type CommissionWithdrawal = AdminAnswerOf<'adminCommissionWithdrawals'>['items'][number];

/** 提现记录: one agent's or (finance, no agent chosen) everyone's, by state, newest first. */
export const withdrawalsList = (agentId: number | undefined, state: WithdrawalStateName | undefined) => ({
  queryKey: queryKeys.commissions.withdrawals({ agentId, state }),
  fetchPage: (before: number | undefined) => call(admin.adminCommissionWithdrawals, { agent_id: agentId, state, before_id: before }),
});

// Every change of the commission area, each one call. A change that moves money carries a request id
// made once per opened form or per withdrawal and action (model/requestIds), so a double click or a
// retry after a lost answer acts once; afterwards the whole area is asked again.
import type { QueryClient } from '@tanstack/react-query';
import { call } from '../../../lib/api';
import { queryKeys } from '../../../lib/queryKeys';
import * as admin from '@portal/contract/routes/admin';

export const invalidateCommissions = (qc: QueryClient) => qc.invalidateQueries({ queryKey: queryKeys.commissions.all });

export const requestWithdrawal = (agentId: number | undefined, amountFen: number, requestId: string) =>
  call(admin.adminCommissionWithdrawalRequest, { agent_id: agentId, amount_fen: amountFen, request_id: requestId });

export const approveWithdrawal = (id: number, requestId: string) =>
  call(admin.adminCommissionWithdrawalApprove, { id, request_id: requestId });
export const rejectWithdrawal = (id: number, reason: string, requestId: string) =>
  call(admin.adminCommissionWithdrawalReject, { id, reason, request_id: requestId });
export const recordPayout = (id: number, reference: string, requestId: string) =>
  call(admin.adminCommissionWithdrawalPaid, { id, reference, request_id: requestId });
export const recordPayoutFailed = (id: number, reason: string, requestId: string) =>
  call(admin.adminCommissionWithdrawalFailed, { id, reason, request_id: requestId });
/** 撤销转账 of a transfer its payee has not confirmed (docs/decisions/0039-payee-confirms-transfer.md). */
export const cancelTransfer = (id: number, requestId: string) => call(admin.adminCommissionWithdrawalCancel, { id, request_id: requestId });
export const transferPayout = (id: number, requestId: string) =>
  call(admin.adminCommissionWithdrawalTransfer, { id, request_id: requestId });

export const adjustCommission = (agentId: number, amountFen: number, reason: string, requestId: string) =>
  call(admin.adminCommissionAdjust, { agent_id: agentId, amount_fen: amountFen, reason, request_id: requestId });

export const saveCommissionSettings = (agentId: number, holdingDays: number, verifyMobile: string, reason: string) =>
  call(admin.adminCommissionSettings, { agent_id: agentId, holding_days: holdingDays, verify_mobile: verifyMobile, reason });

export const sendAccountCode = (agentId: number | undefined) => call(admin.adminCommissionAccountCode, { agent_id: agentId });
export const savePayoutAccount = (
  agentId: number | undefined,
  v: { payout_method: number; payee: string; payout_account: string; sms_code: string },
) => call(admin.adminCommissionAccountSave, { agent_id: agentId, ...v });

/** 微信扫码绑定 (docs/decisions/0067-agents-in-levels.md): the link to show as a QR code, after the SMS code. */
export const startPayeeBinding = (agentId: number | undefined, payee: string, smsCode: string) =>
  call(admin.adminPayeeWechatStart, { agent_id: agentId, payee, sms_code: smsCode });
export const payeeBindingStatus = (token: string) => call(admin.adminPayeeWechatStatus, { token });

// A withdrawal as lists, audit rows and the payee's page show it.
import { maskAccount, type WithdrawalState } from '@portal/domain/commission';
import type * as repo from './repo';

export const payoutNoOf = (withdrawalId: number) => `CW${String(withdrawalId).padStart(10, '0')}`;

export type WithdrawalRow = NonNullable<Awaited<ReturnType<typeof repo.withdrawalById>>>;

/** The withdrawal as lists and audit rows show it: the account masked. */
export function withdrawalView(w: WithdrawalRow) {
  return {
    id: w.id,
    payout_no: payoutNoOf(w.id),
    agent_id: w.agent_id,
    amount_fen: w.amount_fen,
    state: w.state as WithdrawalState,
    payout_method: w.payout_method,
    payee: w.payee,
    payout_account: maskAccount(w.payout_account),
    requested_at: w.requested_at,
    decided_at: w.decided_at,
    reject_reason: w.reject_reason,
    payout_channel: w.payout_channel,
    payout_reference: w.payout_reference,
    paid_at: w.paid_at,
    failure_reason: w.failure_reason,
    // the gateway's word for a transfer in flight, and while its payee must confirm, the link
    bill_state: inFlight(w) ? w.bill_state : '',
    payee_confirm: payeeLinkOf(w),
  };
}

/** The payee's confirmation page of a withdrawal, relative to the portal's origin. */
export const payeeConfirmPath = (token: string) => `/payee_confirm?t=${encodeURIComponent(token)}`;

/** The link finance shows the payee while the transfer waits for them; null otherwise. */
function payeeLinkOf(w: WithdrawalRow): { path: string; expires_at: string } | null {
  if (!inFlight(w) || w.bill_state !== 'WAIT_USER_CONFIRM' || !w.confirm_token || !w.confirm_expires_at) return null;
  return { path: payeeConfirmPath(w.confirm_token), expires_at: w.confirm_expires_at };
}

/** Whether a withdrawal is in flight at the payout gateway: approved, handed over, outcome not final. */
export const inFlight = (w: Pick<WithdrawalRow, 'state' | 'payout_channel'>) => w.state === 'approved' && w.payout_channel === 'gateway';

// The commissions module's public entry (docs/decisions/0035-agent-commissions.md): agents'
// commission ledger, withdrawals and statements. Owns commission_accounts, commission_ledger,
// commission_withdrawals and commission_account_changes.
//   commerce calls `commissionsForCommerce` once from fulfilment and once from a refund, inside its
//   own transaction; the console's admin area (modules/admin/commissions) calls the rest.
import { orderFulfilled, orderRefunded } from './commerceHooks';
export const commissionsForCommerce = { orderFulfilled, orderRefunded };
export {
  adjust,
  adjustIn,
  changePayoutAccount,
  commissionTermsOf,
  setPackageCostIn,
  decideWithdrawal,
  figuresOf,
  inFlight,
  payThroughGateway,
  settleInFlightPayouts,
  payoutNoOf,
  requestWithdrawal,
  recentAccountChangers,
  saveSettings,
  saveSettingsIn,
  sendAccountCode,
  statementOf,
  withdrawalView,
  type AdjustInput,
  type ChangeRecord,
  type SettingsInput,
  type Recorder,
  type WithdrawalRow,
} from './service';
export { cancelGatewayTransfer, checkPayeeConfirmation, payeeConfirmation } from './payeeConfirm';
export { payeeBindingState, payeeBound, startPayeeBinding, type PayeeBoundOutcome } from './payeeBinding';
export { agentsWithAccounts, ledgerPage, waitingByState, waitingWithdrawals, withdrawalPage } from './repo';

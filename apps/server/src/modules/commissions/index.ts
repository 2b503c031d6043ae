// The commissions module's public entry (docs/decisions/0035-agent-commissions.md): agents'
// commission ledger, withdrawals and statements. Owns commission_accounts, commission_ledger and
// commission_withdrawals.
//   commerce calls `commissionsForCommerce` once from fulfilment and once from a refund, inside its
//   own transaction; the console's admin area (modules/admin/commissions) calls the rest.
import { orderFulfilled, orderRefunded } from './commerceHooks';
export const commissionsForCommerce = { orderFulfilled, orderRefunded };
export {
  adjust,
  changePayoutAccount,
  decideWithdrawal,
  figuresOf,
  inFlight,
  payThroughGateway,
  settleInFlightPayouts,
  payoutNoOf,
  requestWithdrawal,
  saveSettings,
  sendAccountCode,
  statementOf,
  withdrawalView,
  type ChangeRecord,
  type Recorder,
  type WithdrawalRow,
} from './service';
export { cancelGatewayTransfer, checkPayeeConfirmation, payeeConfirmation } from './payeeConfirm';
export { agentsWithAccounts, ledgerPage, waitingWithdrawals, withdrawalPage } from './repo';

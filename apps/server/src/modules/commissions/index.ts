// The commissions module's public entry (docs/decisions/0035-agent-commissions.md): agents'
// commission ledger, withdrawals and statements. Owns commission_accounts, commission_ledger,
// commission_withdrawals and commission_account_changes.
//   commerce calls `commissionsForCommerce` once from fulfilment and once from a refund, inside its
//   own transaction; the console's admin area (modules/admin/commissions) calls the rest.
import { orderFulfilled, orderRefunded } from './commerceHooks';
export const commissionsForCommerce = { orderFulfilled, orderRefunded };
export { adjust, adjustIn, type AdjustInput } from './adjustments';
export {
  changePayoutAccount,
  recentAccountChangers,
  saveSettings,
  saveSettingsIn,
  sendAccountCode,
  type SettingsInput,
} from './accountSettings';
export type { ChangeRecord, Recorder } from './changes';
export { figuresOf } from './figures';
export { payThroughGateway, settleInFlightPayouts } from './gatewayPayouts';
export { commissionTermsOf, setPackageCostIn, statementOf } from './statements';
export { decideWithdrawal, requestWithdrawal } from './withdrawals';
export { inFlight, payoutNoOf, withdrawalView, type WithdrawalRow } from './withdrawalView';
export { cancelGatewayTransfer, checkPayeeConfirmation, payeeConfirmation } from './payeeConfirm';
export { payeeBindingState, payeeBound, startPayeeBinding, type PayeeBoundOutcome } from './payeeBinding';
export { agentsWithAccounts, ledgerPage, waitingByState, waitingWithdrawals, withdrawalPage } from './repo';

// The payee's confirmation page's calls (docs/decisions/0039-payee-confirms-transfer.md): open, by
// the link's token.
import type { PayeeConfirmAnswer } from '@portal/contract';
import * as api from '@portal/contract/routes/payeeConfirm';
import { call } from '../../../lib/api';

export const payeeConfirmKey = (token: string) => ['payeeConfirm', token] as const;

/** The transfer the link names: the page explains a refusal itself (no toast). */
export function fetchPayeeConfirm(token: string, signal?: AbortSignal): Promise<PayeeConfirmAnswer> {
  return call(api.payeeConfirmShow, { t: token }, { signal, silent: true });
}

/** After WeChat's confirmation page: the server asks WeChat Pay how the transfer stands. */
export function checkPayeeConfirm(token: string): Promise<PayeeConfirmAnswer> {
  return call(api.payeeConfirmCheck, { t: token }, { silent: true });
}

// Where the browser goes after an order is created with a gateway channel. Messaging-app pay
// opens the cashier directly; the e-wallet channels go through their hand-off pages (/alipay,
// /ls_pay), which show the "open in a browser" guide inside a messaging app's browser.
import { PayChannel } from '@portal/contract/enums';
import { forget, recall, remember } from './sessionKeys';

/** The hand-off page of a channel, or null when the cashier opens directly. */
export function handoffPageOf(channel: number): '/alipay' | '/ls_pay' | null {
  if (channel === PayChannel.EWallet) return '/alipay';
  if (channel === PayChannel.EWalletInstalment) return '/ls_pay';
  return null;
}

/**
 * A cashier URL the app may send the browser to: a same-site path (the sandbox cashier) or an
 * https page. Anything else (javascript:, protocol-relative, http) is refused, so a crafted
 * link can never turn the hand-off page into an open redirect to a look-alike cashier.
 */
export function safeCashierUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  const u = url.trim();
  if (u.startsWith('/') && !u.startsWith('//') && !u.startsWith('/\\')) return u;
  try {
    return new URL(u).protocol === 'https:' ? u : null;
  } catch {
    return null;
  }
}

/**
 * 去充值 from a purchase whose balance is short: the purchase page to go back to once the recharge
 * is paid (this tab only). Only a same-site path is ever answered.
 */
export const purchaseToResume = {
  remember: (path: string): void => remember('returnTo', 'recharge', path),
  recall: (): string | null => {
    const p = recall('returnTo', 'recharge');
    return p && p.startsWith('/') && !p.startsWith('//') && !p.startsWith('/\\') ? p : null;
  },
  forget: (): void => forget('returnTo', 'recharge'),
};

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

/** Where a purchase started, when not in the portal itself: the wifi-device area (/cpe_combo). */
export type PurchaseOrigin = 'device';

/** The way back from an order's result pages: home, the order list, and where to order again. */
export interface WayBack {
  home: string;
  homeLabel: string;
  orders: string;
  /** the page that orders this package again */
  packagePath: (packageId: number) => string;
  packages: string;
}

const WAY_BACK: Record<PurchaseOrigin | 'portal', WayBack> = {
  portal: {
    home: '/',
    homeLabel: '返回首页',
    orders: '/order',
    packagePath: (id) => `/combo_detail?package_id=${id}`,
    packages: '/combo',
  },
  device: {
    home: '/cpe',
    homeLabel: '返回设备首页',
    orders: '/cpe_order',
    packagePath: (id) => `/cpe_combo_detail?package_id=${id}`,
    packages: '/cpe_combo',
  },
};

/** The way back of the pages of an area (unset: the portal). */
export function wayBackOf(origin: PurchaseOrigin | undefined): WayBack {
  return origin ? WAY_BACK[origin] : WAY_BACK.portal;
}

/**
 * The area each order of this tab started in, so that its result pages (shared by the portal and
 * the device area) lead back there: a device owner who paid on /cpe_combo_detail returns to the
 * device, not to the card portal's home. An order not remembered here goes back to the portal.
 */
export const purchaseOrigin = {
  remember: (orderNo: string, origin: PurchaseOrigin): void => remember('origins', orderNo, origin),
  wayBack: (orderNo: string): WayBack => {
    return wayBackOf(recall('origins', orderNo) === 'device' ? 'device' : undefined);
  },
};

/** The part of the window that `keepCashierBehind` uses (tests hand in a fake). */
export interface HistoryWindow {
  history: Pick<History, 'state' | 'replaceState' | 'pushState'>;
  location: Pick<Location, 'pathname' | 'search' | 'hash'>;
}

/**
 * The gateway's return (its cashier sends the browser to /pay_status or /quick_payment_success)
 * opens a new document whose entry behind is the cashier: back from 支付成功 would show it again,
 * saying 该支付单已支付. On that first entry of the visit (the app's router numbers
 * it 0), the entry is replaced by `backTo` — the home of the area the purchase started in — and the
 * result pushed on it, so that back leads into the app. An entry reached within the app (numbered
 * above 0, or a reload of one) is left alone. Answers whether it put the way back.
 */
export function keepCashierBehind(backTo: string, win: HistoryWindow = window): boolean {
  const state = win.history.state as { idx?: number; key?: string; usr?: unknown } | null;
  if ((state?.idx ?? 0) !== 0) return false;
  const here = win.location.pathname + win.location.search + win.location.hash;
  win.history.replaceState({ usr: null, key: 'wayback', idx: 0 }, '', backTo);
  win.history.pushState({ ...state, idx: 1 }, '', here);
  return true;
}

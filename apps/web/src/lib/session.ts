// What "logging out", "clearing card data" and "forced logout" remove (docs/spec/portal-spec.md §4 and
// section 8). Kept in one place because the API client, the guards and the pages all do it.
import { forgetSnapshots } from './snapshotPaint';
import { local, type LocalStorage } from './storage';

/** docs/spec/portal-spec.md §4: clearing card data removes the card number and the card's info
 *  (the supplier the spec also names is read from the info here, not stored apart). */
export const CARD_DATA_KEYS = ['customNum', 'cardInfo'] as const;

export function clearCardData(store: LocalStorage = local): void {
  store.remove(...CARD_DATA_KEYS);
}

/** 401 and code 40001: the token and everything known about the card go. */
export function clearAuthAndCardSession(store: LocalStorage = local): void {
  store.remove('token', 'cardLogin', ...CARD_DATA_KEYS);
  // the pages this session painted (lib/pageSnapshot.ts) are nobody's now
  forgetSnapshots();
}

/** docs/spec/portal-spec.md §4: logging out clears token, mobile number and card number (and, with the
 *  card number, the card's cached data, which belongs to it). */
export function clearOnLogout(store: LocalStorage = local): void {
  store.remove('token', 'mobile', 'cardLogin', ...CARD_DATA_KEYS);
  forgetSnapshots();
}

/** /login?cmd=forced_logout: everything except the agent mark, so the branding survives. */
export function clearOnForcedLogout(store: LocalStorage = local): void {
  store.clearAllExcept('mark');
}

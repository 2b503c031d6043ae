// Small per-tab memories of the payment flow, kept in sessionStorage: they must not outlive the
// browser session (a quick order's access key is a secret) and they only help this tab.
//   payUrls:     order_no → cashier URL, so a pending order can go back to its cashier
//   quickOrders: order_no → access key of a quick (no-login) order, to read its result
//   returnTo:    'recharge' → the purchase page a 去充值 left, to go back to after the recharge
//   origins:     order_no → the area a purchase started in (handoff.ts purchaseOrigin)
import { KEY_PREFIX } from '../../../lib/storage';

const MAX_ENTRIES = 20;

type Key = 'payUrls' | 'quickOrders' | 'returnTo' | 'origins';
type Backend = Pick<Storage, 'getItem' | 'setItem'>;

let backend: Backend | null = null;
/** Tests hand in a memory storage; the app uses the tab's sessionStorage. */
export function setSessionBackend(next: Backend | null): void {
  backend = next;
}
const store = (): Backend => backend ?? window.sessionStorage;

function read(key: Key): Record<string, string> {
  try {
    const raw = store().getItem(KEY_PREFIX + key);
    const v: unknown = raw ? JSON.parse(raw) : {};
    if (!v || typeof v !== 'object' || Array.isArray(v)) return {};
    return Object.fromEntries(Object.entries(v).filter((e): e is [string, string] => typeof e[1] === 'string'));
  } catch {
    return {};
  }
}

function write(key: Key, map: Record<string, string>): void {
  try {
    store().setItem(KEY_PREFIX + key, JSON.stringify(map));
  } catch {
    // storage full or disabled (private mode): the flow still works, only "continue paying" is lost
  }
}

export function remember(key: Key, orderNo: string, value: string): void {
  const map = read(key);
  delete map[orderNo];
  map[orderNo] = value;
  // oldest first (insertion order): keep the latest few
  const entries = Object.entries(map);
  write(key, Object.fromEntries(entries.slice(Math.max(0, entries.length - MAX_ENTRIES))));
}

export function recall(key: Key, orderNo: string): string | undefined {
  return read(key)[orderNo];
}

export function forget(key: Key, orderNo: string): void {
  const map = read(key);
  if (!(orderNo in map)) return;
  delete map[orderNo];
  write(key, map);
}

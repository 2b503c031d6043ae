// The painted snapshot of a returning holder's page (config/pageSnapshots.ts): index.html's inline
// script paints it beside #root, which stays hidden (class `snap` on <html>) while the live page
// renders in it. In the entry, so small: what shows the live page and what forgets every snapshot.
import { SNAPSHOT_KEY_PREFIX } from '../config/pageSnapshots';

declare global {
  interface Window {
    /** set by index.html's inline script when it painted a snapshot of this path */
    __portalSnap?: { path: string; html?: string; wait?: boolean };
    /** the build's entry file (build/firstPaint.ts): a snapshot is this build's or none */
    __portalEntry?: string;
  }
}

export const SNAPSHOT_ELEMENT_ID = 'page-snapshot';

/** The longest the snapshot stays once the app has started, whatever the page's reads do. */
export const SNAPSHOT_HOLD_MS = 3000;

/** A path as index.html's inline script names it (no trailing slash; the root is /). */
export const pagePath = (pathname: string) => pathname.replace(/\/+$/, '') || '/';

/** The path whose snapshot is painted now, undefined when none is (or it has gone). */
export function paintedSnapshotPath(doc: Document = document): string | undefined {
  return doc.getElementById(SNAPSHOT_ELEMENT_ID) ? doc.defaultView?.__portalSnap?.path : undefined;
}

/** The live page in the snapshot's place (nothing when none is painted). */
export function revealLivePage(doc: Document = document): void {
  // (the copies of the page's stylesheets it painted with stay: the same rules as the page's own
  // links, before them — and a link may still be on its way)
  doc.getElementById(SNAPSHOT_ELEMENT_ID)?.remove();
  doc.documentElement.classList.remove('snap');
}

/** Every page's snapshot gone: a logout, an expired session — what was shown is nobody's now. */
export function forgetSnapshots(storage: Storage | undefined = globalThis.localStorage): void {
  try {
    if (!storage) return;
    const keys: string[] = [];
    for (let i = 0; i < storage.length; i++) {
      const k = storage.key(i);
      if (k?.startsWith(SNAPSHOT_KEY_PREFIX)) keys.push(k);
    }
    keys.forEach((k) => storage.removeItem(k));
  } catch {
    // storage refused (private mode): nothing was kept
  }
}

// Keeps the markup of the page a holder is looking at, once it shows their data, so the next cold
// visit paints it before the code comes (config/pageSnapshots.ts, build/firstPaint.ts); and shows
// the live page in place of a painted snapshot once the page's own reads have answered
// (docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md). With the pages' code:
// it reads the pages' one query client.
import type { QueryClient } from '@tanstack/react-query';
import { SNAPSHOT_KEY_PREFIX, SNAPSHOT_MAX_CHARS, SNAPSHOT_PAGES, snapshotOwner } from '../config/pageSnapshots';
import { paintedSnapshotPath, pagePath, revealLivePage } from './snapshotPaint';
import { local } from './storage';

/** How long the page is quiet (no read under way, none changed) before its markup is kept. */
export const SNAPSHOT_SETTLE_MS = 1000;

/**
 * The markup of what `root` shows: a kept page hidden beside it (lib/keepAlive.tsx), anything
 * marked `data-no-snapshot` and scripts left out. Typed input is not in markup (a value property,
 * not an attribute) — and these pages have no form.
 */
export function markupOf(root: Element): string {
  const copy = root.cloneNode(true) as Element;
  copy.querySelectorAll('[style*="display: none"], [hidden], [data-no-snapshot], script').forEach((n) => n.remove());
  return copy.innerHTML;
}

/** What the page's reads say about it: still asking, showing their answers, failed, or none asked. */
export type PageReads = 'busy' | 'shown' | 'failed' | 'none';

export function pageReads(client: QueryClient): PageReads {
  if (client.isFetching() > 0 || client.isMutating() > 0) return 'busy';
  const active = client.getQueryCache().findAll({ type: 'active' });
  if (active.some((q) => q.state.status === 'error')) return 'failed';
  return active.some((q) => q.state.status === 'success') ? 'shown' : 'none';
}

/** Keeps the page showing in `doc` as this holder's snapshot of its path; false when it is not kept. */
export function saveSnapshot(doc: Document, storage: Storage, now: number): boolean {
  const token = local.get('token');
  const entry = doc.defaultView?.__portalEntry;
  const path = pagePath(doc.location.pathname);
  const root = doc.getElementById('root');
  if (!token || !entry || !root || !SNAPSHOT_PAGES.includes(path)) return false;
  const html = markupOf(root);
  if (!html.trim() || html.length > SNAPSHOT_MAX_CHARS) return false;
  try {
    storage.setItem(
      SNAPSHOT_KEY_PREFIX + path,
      JSON.stringify({ owner: snapshotOwner(token, local.get('customNum') ?? ''), entry, at: now, html }),
    );
    return true;
  } catch {
    // storage full or refused: the next visit renders as it would have without
    return false;
  }
}

/**
 * From now on: a painted snapshot gives way to the live page once the page's reads have answered
 * (or failed: the live page says so and offers 重试; the inert snapshot could not), and the page's
 * markup is kept each time it has shown its data and been quiet a moment, and when the holder
 * leaves (the page hidden: another app, the phone locked, the tab closed).
 */
export function keepPageSnapshots(client: QueryClient, doc: Document = document, storage: Storage = localStorage): () => void {
  const win = doc.defaultView!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    if (pageReads(client) === 'shown' && paintedSnapshotPath(doc) === undefined) saveSnapshot(doc, storage, Date.now());
  };
  const onChange = () => {
    const reads = pageReads(client);
    // after TanStack's batched notification and the render it causes: the next frame shows the page
    if ((reads === 'shown' || reads === 'failed') && paintedSnapshotPath(doc) !== undefined)
      win.setTimeout(() => win.requestAnimationFrame(() => revealLivePage(doc)));
    clearTimeout(timer);
    if (reads === 'shown') timer = setTimeout(save, SNAPSHOT_SETTLE_MS);
  };
  const onHide = () => {
    if (doc.visibilityState === 'hidden') save();
  };
  const unsubscribe = client.getQueryCache().subscribe(onChange);
  doc.addEventListener('visibilitychange', onHide);
  return () => {
    clearTimeout(timer);
    unsubscribe();
    doc.removeEventListener('visibilitychange', onHide);
  };
}

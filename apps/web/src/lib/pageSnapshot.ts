// Keeps the markup of the page a holder is looking at, once it shows their data, so the next cold
// visit paints it before the code comes (config/pageSnapshots.ts, build/firstPaint.ts); and shows
// the live page in place of a painted snapshot once the page's own reads have answered
// (docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md). With the pages' code:
// it reads the pages' one query client.
import type { QueryClient } from '@tanstack/react-query';
import {
  FIRST_SCREEN_PICTURES,
  SNAPSHOT_CSS_PREFIX,
  SNAPSHOT_KEY_PREFIX,
  SNAPSHOT_MAX_CHARS,
  SNAPSHOT_PAGES,
  snapshotOwner,
} from '../config/pageSnapshots';
import { onLeavingPage } from './router';
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
  // the first pictures are what a painted page waits for: asked before the page's code, not queued
  // behind it as a picture is (measured: /shopping's product picture came ~0.2 s after the rest)
  Array.from(copy.querySelectorAll('img'))
    .slice(0, FIRST_SCREEN_PICTURES)
    .forEach((img) => {
      img.setAttribute('fetchpriority', 'high');
      img.removeAttribute('loading');
    });
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

/**
 * The build's stylesheets the page shows with (the links under /assets/ that have loaded, in
 * document order: the cascade's) and their text; null when one's rules cannot be read — the next
 * visit then paints once the network has brought the page's own links.
 */
export function pageStylesheets(doc: Document): { file: string; text: string }[] | null {
  const out: { file: string; text: string }[] = [];
  for (const link of doc.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
    if (link.disabled) continue;
    const file = new URL(link.href, doc.baseURI).pathname;
    if (!file.startsWith('/assets/') || out.some((s) => s.file === file)) continue;
    // one not loaded yet has not styled what shows: the page is kept as it shows, without it
    if (!link.sheet) continue;
    try {
      out.push({ file, text: Array.from(link.sheet.cssRules, (r) => r.cssText).join('\n') });
    } catch {
      // its rules cannot be read (another origin's): the next visit waits for the page's own links
      return null;
    }
  }
  return out;
}

/** Stylesheets no snapshot of this build paints with, and other builds' snapshots, gone. */
function pruneSnapshots(storage: Storage, entry: string, using: readonly string[]): void {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i) ?? '');
  const used = new Set(using);
  const stale: string[] = [];
  for (const key of keys) {
    if (!key.startsWith(SNAPSHOT_KEY_PREFIX) || key.startsWith(SNAPSHOT_CSS_PREFIX)) continue;
    try {
      const s = JSON.parse(storage.getItem(key) ?? 'null') as { entry?: string; css?: string[] | null } | null;
      if (s?.entry === entry) s.css?.forEach((f) => used.add(f));
      else stale.push(key);
    } catch {
      stale.push(key);
    }
  }
  for (const key of keys) if (key.startsWith(SNAPSHOT_CSS_PREFIX) && !used.has(key.slice(SNAPSHOT_CSS_PREFIX.length))) stale.push(key);
  stale.forEach((k) => storage.removeItem(k));
}

/** What this visit last kept of each path (its owner and markup). */
const lastKept = new Map<string, string>();

/** Keeps the page showing in `doc` as this holder's snapshot of its path; false when it is not kept. */
export function saveSnapshot(doc: Document, storage: Storage, now: number, pathname: string = doc.location.pathname): boolean {
  const token = local.get('token');
  const entry = doc.defaultView?.__portalEntry;
  const path = pagePath(pathname);
  const root = doc.getElementById('root');
  if (!token || !entry || !root || !SNAPSHOT_PAGES.includes(path)) return false;
  const html = markupOf(root);
  if (!html.trim() || html.length > SNAPSHOT_MAX_CHARS) return false;
  const owner = snapshotOwner(token, local.get('customNum') ?? '');
  // a page that polls (a device's status) settles again and again: the same markup is not written again
  // (unless it has gone meanwhile: a logout forgets every snapshot)
  if (lastKept.get(path) === owner + html && storage.getItem(SNAPSHOT_KEY_PREFIX + path) !== null) return true;
  const sheets = pageStylesheets(doc);
  try {
    // each stylesheet once, for every page that uses it (its name changes with its content)
    const added = (sheets ?? []).filter((s) => storage.getItem(SNAPSHOT_CSS_PREFIX + s.file) === null);
    added.forEach((s) => storage.setItem(SNAPSHOT_CSS_PREFIX + s.file, s.text));
    const css = sheets?.map((s) => s.file) ?? null;
    if (added.length) pruneSnapshots(storage, entry, css ?? []);
    storage.setItem(SNAPSHOT_KEY_PREFIX + path, JSON.stringify({ owner, entry, at: now, html, css }));
    lastKept.set(path, owner + html);
    return true;
  } catch {
    // storage full or refused: the next visit renders as it would have without (a stylesheet kept
    // without its page is pruned with the next one kept)
    return false;
  }
}

/**
 * From now on: a painted snapshot gives way to the live page once the page's reads have answered
 * (or failed: the live page says so and offers 重试; the inert snapshot could not), and the page's
 * markup is kept each time it has shown its data and been quiet a moment, when the holder goes to
 * another page of the app, and when they leave it (the page hidden: another app, the phone locked).
 */
export function keepPageSnapshots(client: QueryClient, doc: Document = document, storage: Storage = localStorage): () => void {
  const win = doc.defaultView!;
  let timer: ReturnType<typeof setTimeout> | undefined;
  // a page that shows its reads' answers, or one that asks none (its own words: /card_check) once
  // its code is here (no spinner)
  const showing = () => {
    const reads = pageReads(client);
    return reads === 'shown' || (reads === 'none' && !doc.querySelector('#root .app-spinner'));
  };
  const save = (pathname?: string) => {
    if (showing() && paintedSnapshotPath(doc) === undefined) saveSnapshot(doc, storage, Date.now(), pathname);
  };
  const onChange = () => {
    const reads = pageReads(client);
    // after TanStack's batched notification and the render it causes: the next frame shows the page
    if ((reads === 'shown' || reads === 'failed') && paintedSnapshotPath(doc) !== undefined)
      win.setTimeout(() => win.requestAnimationFrame(() => revealLivePage(doc)));
    clearTimeout(timer);
    if (reads === 'shown') timer = setTimeout(() => save(), SNAPSHOT_SETTLE_MS);
  };
  // the page about to be left within the app still shows (the next one renders after)
  const stopLeaving = onLeavingPage((left) => {
    clearTimeout(timer);
    save(left);
  });
  const onHide = () => {
    if (doc.visibilityState === 'hidden') save();
  };
  const unsubscribe = client.getQueryCache().subscribe(onChange);
  doc.addEventListener('visibilitychange', onHide);
  // a page that asks nothing (/card_check) has no answer to wait for: the live page takes the
  // painted one's place as soon as its code has rendered it, not after the hold (a form under an
  // inert copy would ignore the holder's taps for seconds)
  const asksNothing = win.setInterval(() => {
    if (paintedSnapshotPath(doc) === undefined) return win.clearInterval(asksNothing);
    const root = doc.getElementById('root');
    if (pageReads(client) === 'none' && root?.firstElementChild && !root.querySelector('.app-spinner')) revealLivePage(doc);
  }, 100);
  return () => {
    win.clearInterval(asksNothing);
    clearTimeout(timer);
    unsubscribe();
    stopLeaving();
    doc.removeEventListener('visibilitychange', onHide);
  };
}

// A returning holder's page, painted from what the phone stored before the code comes
// (docs/decisions/0080-a-returning-visit-paints-what-it-last-showed.md). The app keeps the markup of
// each of these pages once it shows the holder's data (lib/pageSnapshot.ts); on a cold visit
// index.html's inline script paints it, inert and marked as updating, and the live page takes its
// place once its own reads have answered (lib/snapshotReveal.ts).
// Plain data and two self-contained functions: the build's config loader reads this file, and
// build/firstPaint.ts puts the functions' own source into the inline script — one rule, not two.

/** The pages a holder opens most that show their data: nothing with a form, an ID or a password. */
export const SNAPSHOT_PAGES: readonly string[] = [
  '/',
  '/card_list',
  '/flow',
  '/card_check',
  '/cpe',
  '/shopping',
  '/order',
  '/chat',
  '/messages',
  '/combo',
  '/mine',
];

/** localStorage key of a page's snapshot: the prefix and the path. Under the app's `sim_` prefix,
 *  so a forced logout (which clears everything but the mark) takes them too. */
export const SNAPSHOT_KEY_PREFIX = 'sim_snap:';

/** A page larger than this is not kept (local storage holds about 5 MB for the whole origin). */
export const SNAPSHOT_MAX_CHARS = 200_000;

/**
 * Whose snapshot: a fingerprint (FNV-1a, 32 bits) of the session's token and the current card. A
 * login as someone else, a new session or another current card makes every snapshot not theirs.
 * Not a secret: the token itself sits beside it in the same storage. Self-contained (see above).
 */
export function snapshotOwner(token: string, customNum: string): string {
  const s = token + '|' + customNum;
  let h = 2166136261;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 16777619) >>> 0;
  }
  return h.toString(36);
}

/**
 * The markup to paint from a stored snapshot, or undefined: it must be this owner's, from this
 * build (its class names and styles are the build's) and at most a week old — older figures would
 * mislead more than they help. Self-contained (see above).
 */
export function snapshotToPaint(raw: string | null, owner: string, entry: string, now: number): string | undefined {
  if (!raw) return undefined;
  try {
    const s = JSON.parse(raw) as { owner?: unknown; entry?: unknown; at?: unknown; html?: unknown } | null;
    if (!s || s.owner !== owner || s.entry !== entry || typeof s.at !== 'number' || typeof s.html !== 'string') return undefined;
    // a week, in ms
    return now >= s.at && now - s.at < 604800000 ? s.html : undefined;
  } catch {
    return undefined;
  }
}

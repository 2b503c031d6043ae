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

/** How many of a painted page's pictures are asked for first (ahead of the page's code and reads:
 *  over HTTP/1.1 a picture asked by the painted markup waited for a connection behind them). The
 *  server's first screen (apps/server/src/modules/firstScreen) asks for as many. */
export const FIRST_SCREEN_PICTURES = 2;

/** localStorage key of a page's snapshot: the prefix and the path. Under the app's `sim_` prefix,
 *  so a forced logout (which clears everything but the mark) takes them too. */
export const SNAPSHOT_KEY_PREFIX = 'sim_snap:';

/** localStorage key of a stylesheet's text a snapshot paints with: the prefix and the file's path
 *  (its name carries its content's hash: one copy for every page that uses it). */
export const SNAPSHOT_CSS_PREFIX = 'sim_snap:css:';

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

/** What to paint: the page's markup, and its stylesheets' text in order — null when one of them is
 *  not kept, and the page's own stylesheets must come from the network before it paints. */
export interface PaintableSnapshot {
  html: string;
  styles: string[] | null;
}

/**
 * The stored snapshot of `path` to paint, or undefined: it must be this owner's, from this build
 * (its class names and stylesheets are the build's) and at most a week old — older figures would
 * mislead more than they help; a clock put back a little still paints it. `read` is local storage's getItem. Self-contained (see above): the
 * keys' prefixes are SNAPSHOT_KEY_PREFIX and SNAPSHOT_CSS_PREFIX, written out.
 */
export function snapshotToPaint(
  read: (key: string) => string | null,
  path: string,
  owner: string,
  entry: string,
  now: number,
): PaintableSnapshot | undefined {
  try {
    const s = JSON.parse(read('sim_snap:' + path) || 'null') as {
      owner?: unknown;
      entry?: unknown;
      at?: unknown;
      html?: unknown;
      css?: unknown;
    } | null;
    if (!s || s.owner !== owner || s.entry !== entry || typeof s.at !== 'number' || typeof s.html !== 'string') return undefined;
    // at most a week old (ms); a little "from the future" is a clock put back, not a reason to
    // paint nothing (a day at most)
    if (!(now - s.at < 604800000 && s.at - now < 86400000)) return undefined;
    let styles: string[] | null = Array.isArray(s.css) ? [] : null;
    const files = (Array.isArray(s.css) ? s.css : []) as unknown[];
    for (let i = 0; styles && i < files.length; i++) {
      const text = read('sim_snap:css:' + String(files[i]));
      if (text === null) styles = null;
      else styles.push(text);
    }
    return { html: s.html, styles };
  } catch {
    return undefined;
  }
}

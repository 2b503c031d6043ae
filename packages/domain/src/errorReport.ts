// What a phone may say about an error it met (docs/decisions/0037-errors-from-phones.md), shared by
// the H5's reporter (which scrubs before sending) and the server (which scrubs again before storing:
// a report is the phone's word, and an old or tampered client may send anything). An error's text can
// carry what the user typed or what a URL held — a card number, a mobile, a token, a query string —
// so every free text goes through scrubText, and grouping uses the scrubbed text only.

/** the most reports the H5 sends in one batch: what the endpoint's schema allows (@portal/contract's ErrorReportBatch) */
export const ERROR_REPORT_BATCH = 20;

/** the longest text kept of a message (after scrubbing) */
export const MAX_MESSAGE = 300;

const RULES: readonly [RegExp, string][] = [
  // a URL's query string or fragment: `?custom_num=8986…&token=…` (the path before it is kept)
  [/[?#][^\s'"`)]*/g, ''],
  // an e-mail address
  [/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, '<email>'],
  // a bearer token or a JWT (three base64url parts)
  [/\bBearer\s+\S+/gi, 'Bearer <token>'],
  [/\b[\w-]{8,}\.[\w-]{8,}\.[\w-]{8,}\b/g, '<token>'],
  // a long run of letters and digits mixed (hex, base64): a token, a session id, a key
  [/\b(?=[\w+=-]*\d)(?=[\w+=-]*[A-Za-z])[\w+=-]{20,}/g, '<token>'],
  // six digits or more, also with spaces or dashes between them: card numbers (ICCID, MSISDN),
  // mobiles, ID numbers, order numbers, SMS codes
  [/\d(?:[\s-]?\d){5,}/g, '<n>'],
];

/** The text with anything that could identify a person or open a session removed; cut to MAX_MESSAGE. */
export function scrubText(text: string): string {
  let out = text;
  for (const [pattern, replacement] of RULES) out = out.replace(pattern, replacement);
  out = out.replace(/\s+/g, ' ').trim();
  return out.length > MAX_MESSAGE ? `${out.slice(0, MAX_MESSAGE - 1)}…` : out;
}

/** A page's or an API route's template: a path without its query, any long number or token replaced. */
export function scrubRoute(route: string): string {
  return scrubText(route).slice(0, 120);
}

export type ErrorReportKind = 'error' | 'chunk' | 'api';

/**
 * The text that groups reports: the kind and the scrubbed message with any remaining digits made
 * alike (line 12 and line 13 of a minified file, a chunk's hash), so one fault is one group. A
 * failed call's message names its route template, status and business code, so those group too.
 */
export function groupTextOf(kind: ErrorReportKind, message: string): string {
  const withoutAssets = scrubText(message).replace(/[\w-]+-[\w-]{6,}\.(js|css)\b/g, '<asset>.$1');
  return `${kind}|${withoutAssets.replace(/\d+/g, '0')}`;
}

/** The message of a failed API call: what groups it, with nothing of the call's input. */
export function apiFailureMessage(route: string, status: number, code: number | undefined): string {
  const what = status === 0 ? '网络不通或超时' : `HTTP ${status}`;
  return `${scrubRoute(route)} ${what}${code === undefined ? '' : ` 业务码 ${code}`}`;
}

/**
 * The release of the H5 build a server serves, from its index.html: the hash in the entry file's
 * name (/assets/index-<hash>.js), as the phone's own releaseOf reads it; null when there is none.
 * The console's 最新版本 is this — a release a phone claims is only the phone's word
 * (docs/decisions/0057).
 */
export function servedReleaseOf(indexHtml: string): string | null {
  const hash = /\/assets\/index-([\w-]+)\.js/.exec(indexHtml)?.[1];
  const release = (hash ?? '').replace(/[^\w.+-]/g, '').slice(0, 64);
  return release || null;
}

/**
 * The groups pruning keeps when at most `keep` may stay: every source (the address that created a
 * group) keeps its share, so one source cannot push out the others. The share is the largest
 * whole number `c` such that the sources' groups capped at `c` fit in `keep`; each source keeps its
 * `c` most recently seen, and the slots left go to the most recently seen of the rest. `rows` are
 * the groups most recently seen first; the answer, the ids kept.
 */
export function keptBySourceShare(rows: readonly { id: number; source: string }[], keep: number): Set<number> {
  if (rows.length <= keep) return new Set(rows.map((r) => r.id));
  const counts = new Map<string, number>();
  for (const r of rows) counts.set(r.source, (counts.get(r.source) ?? 0) + 1);
  const capped = (c: number) => [...counts.values()].reduce((sum, n) => sum + Math.min(n, c), 0);
  let share = 0;
  while (capped(share + 1) <= keep) share++;
  const kept = new Set<number>();
  const taken = new Map<string, number>();
  for (const r of rows) {
    const n = taken.get(r.source) ?? 0;
    if (n < share) {
      kept.add(r.id);
      taken.set(r.source, n + 1);
    }
  }
  for (const r of rows) {
    if (kept.size >= keep) break;
    if (!kept.has(r.id)) kept.add(r.id);
  }
  return kept;
}

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

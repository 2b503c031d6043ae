// The cookie a logged-in phone sends with a page's HTML request, so the server can render the
// holder's first screen into the HTML (docs/decisions/0082-the-first-screen-in-the-html.md). The
// app writes it from what it keeps in local storage (the session's token, the current card, the
// agent mark) and clears it with them; the server reads it for that one thing — the API never
// takes a cookie as a login (a cross-site form cannot act with it).

/** Where the server puts a holder's first screen into the web build's index.html: its markup after
 *  #root, its meta, preloads and stylesheets before the head's script (apps/web/build/firstPaint.ts
 *  writes both marks, apps/server's firstScreen module fills them). */
export const FIRST_SCREEN_MARK = '<!--first-screen-->';
export const FIRST_SCREEN_HEAD_MARK = '<!--first-screen-head-->';

/** The cookie's name (under the app's `sim_` prefix). */
export const FIRST_SCREEN_COOKIE = 'sim_first';

/** At most this long: the session itself expires sooner (a week). */
export const FIRST_SCREEN_COOKIE_MAX_AGE_S = 7 * 24 * 3600;

export interface FirstScreenHolder {
  token: string;
  /** the current card, "" none */
  customNum: string;
  /** the agent mark, "" none */
  mark: string;
}

/** What the tokens, card numbers and marks are made of: nothing that needs escaping in a cookie. */
const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;
const CARD = /^[A-Za-z0-9]{0,32}$/;
const MARK = /^[A-Za-z0-9_-]{0,32}$/;

/** The cookie's value: the fields joined by dots; undefined when one is not well formed. */
export function firstScreenCookieValue(h: FirstScreenHolder): string | undefined {
  if (!TOKEN.test(h.token) || !CARD.test(h.customNum) || !MARK.test(h.mark)) return undefined;
  return `${h.token}.${h.customNum}.${h.mark}`;
}

/** The holder a Cookie header names, or undefined (none, or not well formed). */
export function firstScreenHolderOf(cookieHeader: string | undefined): FirstScreenHolder | undefined {
  if (!cookieHeader) return undefined;
  for (const part of cookieHeader.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0 || part.slice(0, eq).trim() !== FIRST_SCREEN_COOKIE) continue;
    const fields = part
      .slice(eq + 1)
      .trim()
      .split('.');
    if (fields.length !== 3) return undefined;
    const [token = '', customNum = '', mark = ''] = fields;
    const h = { token, customNum, mark };
    return firstScreenCookieValue(h) !== undefined ? h : undefined;
  }
  return undefined;
}

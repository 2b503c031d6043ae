// The router's pure parts (./index.tsx binds them to the window and React): where a `to` leads,
// what a search-params setter navigates to, what each history entry stores, which clicks a link
// takes over. docs/decisions/0026-own-router.md says why the app has its own router.

/** A path as the address bar shows it, in parts. */
export interface Path {
  pathname: string;
  search: string;
  hash: string;
}

export interface Location extends Path {
  /** what `navigate(to, { state })` passed; null when nothing was */
  state: unknown;
  /** unique per history entry ('default' for a first entry the router did not make) */
  key: string;
}

/** How the current entry was reached: back/forward or the first load (POP), a push, a replace. */
export type NavigationType = 'POP' | 'PUSH' | 'REPLACE';

/**
 * What the router keeps in `history.state`, react-router's shape: `idx` counts the entries of this
 * visit from 0 (components/PageHeader.tsx: at 0, "back" would leave the visit), `usr` is the state.
 */
export interface EntryState {
  usr: unknown;
  key: string;
  idx: number;
}

export const createPath = ({ pathname, search, hash }: Path): string => pathname + search + hash;

/** Another site, or another scheme: a link to it is an ordinary link. */
export const isExternal = (to: string): boolean => /^(?:[a-z][\w+.-]*:|\/\/)/i.test(to);

/**
 * Where `to` leads from `from`, resolved the way the browser resolves the link's href: "/x" from
 * the root, "?q" on the same page, "x" beside the current page, "#h" keeps path and query.
 */
export function resolveTo(to: string, from: Path): Path {
  const url = new URL(to, 'http://h' + createPath(from));
  return { pathname: url.pathname, search: url.search, hash: url.hash };
}

export type SearchParamsInit = string | URLSearchParams | Record<string, string | readonly string[]> | [string, string][];

/** URLSearchParams from whatever a setter was given; a record's array values repeat the key. */
export function createSearchParams(init: SearchParamsInit = ''): URLSearchParams {
  if (typeof init === 'string' || init instanceof URLSearchParams || Array.isArray(init)) return new URLSearchParams(init);
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(init)) {
    for (const v of typeof value === 'string' ? [value] : value) params.append(name, v);
  }
  return params;
}

/** What `setSearchParams(next)` navigates to: the same page, the new query, no hash. */
export const searchTarget = (next: SearchParamsInit): string => `?${createSearchParams(next).toString()}`;

/** A new entry's history state: a push numbers it one past the current entry, a replace keeps the number. */
export function entryState(current: EntryState | null | undefined, replace: boolean, state: unknown, key: string): EntryState {
  const idx = current?.idx ?? 0;
  return { usr: state ?? null, key, idx: replace ? idx : idx + 1 };
}

/** The location of the current entry, from the address bar and the entry's history state. */
export function locationOf(url: Path, state: Partial<EntryState> | null | undefined): Location {
  return { pathname: url.pathname, search: url.search, hash: url.hash, state: state?.usr ?? null, key: state?.key ?? 'default' };
}

/** A link takes over only a plain left click on itself: not ctrl/⌘/shift/alt (a new tab or window), not target=_blank. */
export function isPlainLeftClick(
  e: { button: number; metaKey: boolean; altKey: boolean; ctrlKey: boolean; shiftKey: boolean; defaultPrevented: boolean },
  target: string | undefined,
): boolean {
  return !e.defaultPrevented && e.button === 0 && (!target || target === '_self') && !(e.metaKey || e.altKey || e.ctrlKey || e.shiftKey);
}

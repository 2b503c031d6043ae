// The app's router: the part of react-router's API the pages use (BrowserRouter, StaticRouter,
// Link, useLocation, useNavigate, useNavigationType, useSearchParams), with its meaning, in ~2 kB
// instead of react-router's ~13 kB of /login's first load (docs/decisions/0026-own-router.md).
// No route matching: the shell's guards map the location to its page (app/AppShell.tsx).
import {
  createContext,
  useCallback,
  useContext,
  useMemo,
  useSyncExternalStore,
  type AnchorHTMLAttributes,
  type ReactNode,
  type Ref,
} from 'react';
import {
  createPath,
  entryState,
  isExternal,
  isPlainLeftClick,
  locationOf,
  resolveTo,
  searchTarget,
  type EntryState,
  type Location,
  type NavigationType,
  type SearchParamsInit,
} from './core';

export type { Location, NavigationType, SearchParamsInit } from './core';

export interface NavigateOptions {
  /** replace the current history entry instead of adding one */
  replace?: boolean;
  /** kept with the entry (history.state.usr), read back as location.state */
  state?: unknown;
}

export interface NavigateFunction {
  (to: string, options?: NavigateOptions): void;
  /** through the history: -1 is back */
  (delta: number): void;
}

export type SetURLSearchParams = (
  next: SearchParamsInit | ((prev: URLSearchParams) => SearchParamsInit),
  options?: NavigateOptions,
) => void;

interface Snapshot {
  action: NavigationType;
  location: Location;
}

interface Router {
  snapshot: Snapshot;
  navigate: NavigateFunction;
}

const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('outside <BrowserRouter>');
  return router;
}

/** The window's history as a store: one per page load, listening to back/forward from the start. */
interface BrowserHistory {
  subscribe(listener: () => void): () => void;
  snapshot(): Snapshot;
  navigate: NavigateFunction;
}

let browserHistory: BrowserHistory | undefined;

const leavingListeners = new Set<(pathname: string) => void>();

/**
 * Called with the path of the page about to be left by a navigation of the app (a link, navigate,
 * back or forward), while the page still shows: lib/pageSnapshot.ts keeps it then.
 */
export function onLeavingPage(listener: (pathname: string) => void): () => void {
  leavingListeners.add(listener);
  return () => leavingListeners.delete(listener);
}

function createBrowserHistory(): BrowserHistory {
  const { history } = window;
  const current = () => history.state as EntryState | null;
  // the first entry of the visit is numbered 0 (an entry that has a number keeps it: a reload)
  if (current()?.idx == null) history.replaceState({ ...current(), idx: 0 }, '');
  const listeners = new Set<() => void>();
  let snapshot: Snapshot = { action: 'POP', location: locationOf(window.location, current()) };
  const update = (action: NavigationType) => {
    const left = snapshot.location.pathname;
    if (left !== window.location.pathname) leavingListeners.forEach((l) => l(left));
    snapshot = { action, location: locationOf(window.location, current()) };
    listeners.forEach((l) => l());
  };
  update('POP');
  window.addEventListener('popstate', () => update('POP'));
  const navigate = ((to: string | number, options: NavigateOptions = {}) => {
    if (typeof to === 'number') return history.go(to);
    const url = createPath(resolveTo(to, snapshot.location));
    const state = entryState(current(), options.replace === true, options.state, Math.random().toString(36).slice(2, 10));
    try {
      if (options.replace) history.replaceState(state, '', url);
      else history.pushState(state, '', url);
    } catch {
      // a browser that refuses (too many entries, a state it cannot clone): an ordinary page load
      return window.location[options.replace ? 'replace' : 'assign'](url);
    }
    update(options.replace ? 'REPLACE' : 'PUSH');
  }) as NavigateFunction;
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    snapshot: () => snapshot,
    navigate,
  };
}

/**
 * The router of the running app. A store rather than an effect's subscription: a navigation made
 * before this component's effects have run (a child's first passive effect) is not missed.
 */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const history = (browserHistory ??= createBrowserHistory());
  const snapshot = useSyncExternalStore(history.subscribe, history.snapshot);
  const router = useMemo(() => ({ snapshot, navigate: history.navigate }), [snapshot, history]);
  return <RouterContext value={router}>{children}</RouterContext>;
}

/** A fixed location, for rendering at build time (build/prerenderLogin.tsx); it cannot navigate. */
export function StaticRouter({ location, children }: { location: string; children: ReactNode }) {
  const router: Router = {
    snapshot: { action: 'POP', location: locationOf(resolveTo(location, { pathname: '/', search: '', hash: '' }), null) },
    navigate: () => {
      throw new Error('a static router cannot navigate');
    },
  };
  return <RouterContext value={router}>{children}</RouterContext>;
}

export const useLocation = (): Location => useRouter().snapshot.location;
export const useNavigationType = (): NavigationType => useRouter().snapshot.action;
/** The same function for the whole visit; a relative `to` resolves against the location at the call. */
export const useNavigate = (): NavigateFunction => useRouter().navigate;

/** The query of the current location, and a setter that navigates to the same page with another one. */
export function useSearchParams(): [URLSearchParams, SetURLSearchParams] {
  const { snapshot, navigate } = useRouter();
  const { search } = snapshot.location;
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback<SetURLSearchParams>(
    (next, options) => navigate(searchTarget(typeof next === 'function' ? next(new URLSearchParams(search)) : next), options),
    [navigate, search],
  );
  return [params, set];
}

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  /** replace the current entry; by default a link to where the user already is replaces it */
  replace?: boolean;
  state?: unknown;
  ref?: Ref<HTMLAnchorElement>;
}

/**
 * A real `<a href>` (open in a new tab, copy the address, no script: all as usual); a plain left
 * click on it navigates within the app. A handler's preventDefault() stops that navigation.
 */
export function Link({ to, replace, state, onClick, target, ...rest }: LinkProps) {
  const { snapshot, navigate } = useRouter();
  const external = isExternal(to);
  const href = external ? to : createPath(resolveTo(to, snapshot.location));
  return (
    <a
      {...rest}
      href={href}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (external || !isPlainLeftClick(e, target)) return;
        e.preventDefault();
        navigate(href, { replace: replace ?? href === createPath(snapshot.location), state });
      }}
    />
  );
}

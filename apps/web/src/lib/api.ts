// The API client: fetch, a 20-second timeout, the Bearer token, the New-Token rotation and the
// time-out flag (docs/spec/portal-spec.md §4 "Session rules"), and every row of §8 through
// decideOnOutcome. Plain fetch, no library, because the login page ships it on first load.
import type { Envelope } from '@portal/contract';
import { NEW_TOKEN_HEADER } from '@portal/contract/headers';
import type { AnswerOf, InputOf, NameOf } from '@portal/contract/endpoints';
import { methodOf, pathOf, type Route } from '@portal/contract/route';
import { takeEarlyAnswer } from './earlyAnswers';
import type { ErrorAction, Outcome } from './errorCatalogue';
import { NETWORK_FAILED } from './networkFailed';
import { clearAuthAndCardSession, clearCardData } from './session';
import { local } from './storage';
import { toast } from './toast';

export const API_BASE = '/api';
export const REQUEST_TIMEOUT_MS = 20_000;

// Declared fields, assigned in the constructor: parameter properties would become class fields,
// which the build's target (es2020) turns into helper calls in the first load.
export class ApiError extends Error {
  /** HTTP status; 0 for a timeout or a network failure */
  declare readonly status: number;
  /** business code from the envelope, when there was one */
  declare readonly code: number | undefined;
  declare readonly kind: 'answer' | 'timeout' | 'network' | 'aborted';

  constructor(message: string, status: number, code: number | undefined, kind: ApiError['kind'] = 'answer') {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.code = code;
    this.kind = kind;
  }
}

export interface ApiHooks {
  /** in-app navigation (the router's); a full page load until the app shell registers one */
  navigate(to: string): void;
  /** route meta cardWhitelist of a path */
  isCardExemptPath(path: string): boolean;
}

let hooks: ApiHooks = {
  navigate: (to) => window.location.assign(to),
  isCardExemptPath: () => false,
};

export function configureApi(next: Partial<ApiHooks>): void {
  hooks = { ...hooks, ...next };
}

export interface CallOptions {
  signal?: AbortSignal;
  /** no toast (a background refresh, a check the page explains itself); redirects still happen */
  silent?: boolean;
  /** a form's call: the page shows the error at its fields, so no toast, and an unknown card
   *  number the user typed is not the stored card gone (no redirect home); logins still expire */
  form?: boolean;
}

// Parallel calls that all fail with 401 should toast and redirect once, not once each.
let failedToken: string | undefined;

/**
 * Calls an endpoint declared in @portal/contract: `call(api.cardInfo, { custom_num })` with
 * `import * as api from '@portal/contract/routes/cards'`. The path and method come from the route, the
 * input and answer types from the endpoint's schemas. A GET sends its input as the query, a POST
 * as the JSON body. (Routes are passed, not names, so a page's bundle holds only the routes it uses.)
 */
export function call<R extends Route>(
  route: R,
  ...[input, opts]: InputOf<NameOf<R>> extends void
    ? [input?: undefined, opts?: CallOptions]
    : [input: InputOf<NameOf<R>>, opts?: CallOptions]
): Promise<AnswerOf<NameOf<R>>> {
  return request(route, methodOf(route) === 'GET' ? { ...opts, query: input as Query } : { ...opts, body: input });
}

type Query = Record<string, string | number | boolean | undefined> | undefined;

/** A read as the server answers it in the process, with the rendering's own session. */
export type ServerRead = (pathAndQuery: string) => Promise<Response>;
let serverRead: ServerRead | undefined;

/**
 * On the server (the first screen in the HTML, src/firstScreen): reads are answered by the API in
 * the same process; nothing else happens there — no toast, no redirect, no storage, no write.
 */
export function answerReadsOnServer(read: ServerRead): void {
  serverRead = read;
}

function urlOf(route: Route, query: Query): URL {
  const url = new URL(API_BASE + pathOf(route), serverRead ? 'http://portal' : window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== '') url.searchParams.set(k, String(v));
  return url;
}

async function readOnServer<T>(route: Route, query: Query, read: ServerRead): Promise<T> {
  if (methodOf(route) !== 'GET') throw new ApiError('not a read', 0, undefined, 'network');
  const url = urlOf(route, query);
  const res = await read(url.pathname + url.search);
  const envelope = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (res.status >= 200 && res.status < 300 && envelope?.code === 0) return envelope.data;
  throw new ApiError(envelope?.message ?? '请求失败', res.status, envelope?.code);
}

async function request<T>(route: Route, opts: CallOptions & { query?: Query; body?: unknown }): Promise<T> {
  if (serverRead) return readOnServer(route, opts.query, serverRead);
  const method = methodOf(route);
  const url = urlOf(route, opts.query);

  const token = local.get('token');
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  if (method === 'POST') headers['Content-Type'] = 'application/json';

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onCallerAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onCallerAbort);

  let outcome: Outcome;
  let envelope: Envelope<T> | undefined;
  try {
    // a read index.html started beside the page's code (./earlyAnswers.ts); the time-out and the
    // caller's abort still end the wait
    const early = method === 'GET' ? takeEarlyAnswer(url.pathname + url.search, token) : undefined;
    const res = await (early
      ? Promise.race([early, new Promise<never>((_, fail) => controller.signal.addEventListener('abort', fail))])
      : fetch(url.pathname + url.search, {
          method,
          headers,
          body: method === 'POST' ? JSON.stringify(opts.body ?? {}) : undefined,
          signal: controller.signal,
          credentials: 'same-origin',
        }));
    const rotated = res.headers.get(NEW_TOKEN_HEADER);
    // Only rotate the token this request was sent with: a login in the meantime wins.
    if (rotated && token && local.get('token') === token) local.set('token', rotated);
    envelope = await res.json().catch(() => undefined);
    outcome = { kind: 'answer', status: res.status, code: envelope?.code, message: envelope?.message };
  } catch {
    outcome = timedOut ? { kind: 'timeout' } : { kind: 'network' };
  } finally {
    clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onCallerAbort);
  }
  // A caller that gave up — before the answer, or while its body was still arriving (a page left, a
  // query cancelled) — has no answer to act on: without this, the unread body would look like a
  // server error, the aborted fetch like the network.
  if (opts.signal?.aborted && !timedOut) throw new ApiError('aborted', 0, undefined, 'aborted');

  // A plain success needs no catalogue (decideOnOutcome says ok for it too); anything else loads it.
  const success = outcome.kind === 'answer' && outcome.status >= 200 && outcome.status < 300 && outcome.code === 0;
  const action: ErrorAction = success
    ? { ok: true }
    : await decide(outcome, {
        path: window.location.pathname,
        search: window.location.search,
        loginModel: local.get('loginModel'),
        cardExemptPage: hooks.isCardExemptPath(window.location.pathname),
        route,
      });

  if (action.ok) {
    if (local.get('timeout')) local.remove('timeout');
    return envelope!.data;
  }

  if (action.setTimeoutFlag) local.set('timeout', true);
  const authFailure = action.clear === 'authAndCard';
  const repeated = authFailure && token !== undefined && token === failedToken;
  if (authFailure) failedToken = token;
  if (!repeated && !(opts.form && !authFailure)) {
    if (action.toast && (!opts.silent || authFailure)) toast(action.toast);
    if (action.clear === 'cardData') clearCardData();
    if (authFailure) clearAuthAndCardSession();
    if (action.navigate) hooks.navigate(action.navigate);
  }

  // a time-out or a network failure has neither: status 0, no code
  const { status = 0, code } = outcome as Partial<Extract<Outcome, { kind: 'answer' }>>;
  throw new ApiError(action.toast ?? envelope?.message ?? '请求失败', status, code, outcome.kind);
}

let catalogue: Promise<typeof import('./errorCatalogue')> | undefined;
/** The error catalogue (docs/spec/portal-spec.md §8), once: not in /login's first load, where no
 *  request has failed yet. Fetched at the user's first touch as well (app/router.ts). */
export function loadCatalogue(): Promise<typeof import('./errorCatalogue')> {
  catalogue ??= import('./errorCatalogue').catch((err: unknown) => {
    catalogue = undefined;
    throw err;
  });
  return catalogue;
}

/** The catalogue's action; without the catalogue (its code did not come: the network is gone) the
 *  request failed on the way. */
function decide(...args: Parameters<typeof import('./errorCatalogue').decideOnOutcome>): Promise<ErrorAction> {
  return loadCatalogue().then(
    (m) => m.decideOnOutcome(...args),
    (): ErrorAction => ({ ok: false, toast: NETWORK_FAILED }),
  );
}

/** A load that failed on the way (no network, a time-out, trouble at the server), not on its
 *  merits (an unknown order, a package not for sale): the page offers 重试 instead of a verdict. */
export function isRetryable(err: unknown): boolean {
  return err instanceof ApiError && (err.kind === 'network' || err.kind === 'timeout' || err.status >= 500);
}

// The console's API client: `call(admin.adminDashboard)`, `call(admin.adminLogin, { username, password })`
// with `import * as admin from '@portal/contract/routes/admin'` — the portal's call shape
// (docs/decisions/0050-one-endpoint-registry.md). Method and path come from the route, input and
// answer types from the endpoint's declaration; no schema reaches the browser. The session is an
// HttpOnly cookie the browser sends by itself: no token in scripts or storage.
import type { Envelope } from '@portal/contract';
import type { AnswerOf, InputOf, NameOf } from '@portal/contract/endpoints';
import { methodOf, pathOf, type Route } from '@portal/contract/route';
import { adminLogin } from '@portal/contract/routes/admin/auth';

export const API_BASE = '/api';
const TIMEOUT_MS = 20_000;

export class ApiError extends Error {
  constructor(
    message: string,
    /** HTTP status; 0 for a timeout or a network failure */
    readonly status: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** Called when the session is gone (401): the app goes to the login page. */
let onUnauthorized: () => void = () => {};
export function setOnUnauthorized(f: () => void): void {
  onUnauthorized = f;
}

type Query = Record<string, string | number | boolean | undefined | null>;

/** The URL of a GET endpoint with its query: for a download link (CSV export). */
export function urlOf<R extends Route>(route: R, query?: InputOf<NameOf<R>>): string {
  const url = new URL(API_BASE + pathOf(route), window.location.origin);
  for (const [k, v] of Object.entries((query ?? {}) as Query))
    if (v !== undefined && v !== null && v !== '') url.searchParams.set(k, String(v));
  return url.pathname + url.search;
}

/**
 * Writes are made once (docs/decisions/0041-console-writes-once.md). Each write is an intent: its
 * endpoint and its exact content. The same intent while it is on its way (a double click that got
 * past the disabled button) is not sent again: it shares the first one's answer. Each intent
 * carries an Idempotency-Key, kept while its outcome is unknown (the answer never came, or the
 * server said it is still at it), so that trying the same thing again is answered what the first
 * attempt did instead of doing it twice; the server makes sure of it across tabs and processes.
 */
const inFlight = new Map<string, Promise<unknown>>();
const unknownOutcome = new Map<string, { key: string; at: number }>();
/** how long a key is reused for an intent whose outcome is unknown (the server keeps it a day) */
const UNKNOWN_OUTCOME_MS = 60 * 60 * 1000;

/** 32 hex digits; crypto.getRandomValues works on plain http too, unlike randomUUID. */
export function newRequestKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export async function call<R extends Route>(
  route: R,
  ...[input]: InputOf<NameOf<R>> extends void ? [input?: undefined] : [input: InputOf<NameOf<R>>]
): Promise<AnswerOf<NameOf<R>>> {
  if (methodOf(route) === 'GET') return send(route, input, null);
  const body = JSON.stringify(input ?? {});
  const intent = `${route}\n${body}`;
  const running = inFlight.get(intent);
  if (running) return running as Promise<AnswerOf<NameOf<R>>>;
  const known = unknownOutcome.get(intent);
  const key = known && Date.now() - known.at < UNKNOWN_OUTCOME_MS ? known.key : newRequestKey();
  const attempt = send<AnswerOf<NameOf<R>>>(route, input, key).then(
    (answer) => {
      unknownOutcome.delete(intent);
      return answer;
    },
    (err: unknown) => {
      // no answer, a busy server or the first attempt still running: the write may have been made
      const unknown = err instanceof ApiError && (err.status === 0 || err.status === 409 || err.status >= 500);
      if (unknown) unknownOutcome.set(intent, { key, at: known?.at ?? Date.now() });
      else unknownOutcome.delete(intent);
      throw err;
    },
  );
  inFlight.set(intent, attempt);
  try {
    return await attempt;
  } finally {
    inFlight.delete(intent);
  }
}

async function send<T>(route: Route, input: unknown, key: string | null): Promise<T> {
  const method = methodOf(route);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(method === 'GET' ? urlOf(route, input as never) : API_BASE + pathOf(route), {
      method,
      headers:
        method === 'POST'
          ? { Accept: 'application/json', 'Content-Type': 'application/json', ...(key ? { 'Idempotency-Key': key } : {}) }
          : { Accept: 'application/json' },
      body: method === 'POST' ? JSON.stringify(input ?? {}) : undefined,
      credentials: 'same-origin',
      signal: controller.signal,
    });
  } catch {
    throw new ApiError(controller.signal.aborted ? '请求超时，请检查网络后重试' : '网络连接失败，请检查网络后重试', 0);
  } finally {
    clearTimeout(timer);
  }
  const envelope = (await res.json().catch(() => undefined)) as Envelope<T> | undefined;
  if (res.status === 401 && route !== adminLogin) onUnauthorized();
  if (!res.ok || !envelope || envelope.code !== 0) {
    throw new ApiError(
      envelope?.message ?? (res.status >= 500 ? '服务器繁忙，请稍后重试' : '请求失败，请稍后重试'),
      res.status,
      envelope?.code,
    );
  }
  return envelope.data;
}

export function messageOf(err: unknown): string {
  return err instanceof ApiError ? err.message : '操作失败，请稍后重试';
}

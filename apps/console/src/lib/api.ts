// The console's API client: `call('adminDashboard')`, `call('adminLogin', { username, password })`.
// Method, path, input and answer types come from the admin registry (@portal/contract/admin). The
// session is an HttpOnly cookie the browser sends by itself: no token in scripts or storage.
import type { Envelope } from '@portal/contract';
import { ADMIN_ENDPOINTS, type AdminAnswerOf, type AdminEndpointName, type AdminInputOf } from '@portal/contract/admin';
import { methodOf, pathOf } from '@portal/contract/route';

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
export function urlOf<K extends AdminEndpointName>(name: K, query?: AdminInputOf<K>): string {
  const url = new URL(API_BASE + pathOf(ADMIN_ENDPOINTS[name].route), window.location.origin);
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

export async function call<K extends AdminEndpointName>(
  name: K,
  ...[input]: AdminInputOf<K> extends void ? [input?: undefined] : [input: AdminInputOf<K>]
): Promise<AdminAnswerOf<K>> {
  if (methodOf(ADMIN_ENDPOINTS[name].route) === 'GET') return send(name, input as AdminInputOf<K>, null);
  const body = JSON.stringify(input ?? {});
  const intent = `${name}\n${body}`;
  const running = inFlight.get(intent);
  if (running) return running as Promise<AdminAnswerOf<K>>;
  const known = unknownOutcome.get(intent);
  const key = known && Date.now() - known.at < UNKNOWN_OUTCOME_MS ? known.key : newRequestKey();
  const attempt = send(name, input as AdminInputOf<K>, key).then(
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

async function send<K extends AdminEndpointName>(
  name: K,
  input: AdminInputOf<K> | undefined,
  key: string | null,
): Promise<AdminAnswerOf<K>> {
  const method = methodOf(ADMIN_ENDPOINTS[name].route);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), TIMEOUT_MS);
  let res: Response;
  try {
    res = await fetch(method === 'GET' ? urlOf(name, input) : API_BASE + pathOf(ADMIN_ENDPOINTS[name].route), {
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
  const envelope = (await res.json().catch(() => undefined)) as Envelope<AdminAnswerOf<K>> | undefined;
  if (res.status === 401 && name !== 'adminLogin') onUnauthorized();
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

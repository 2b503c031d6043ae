// docs/spec/portal-spec.md §8, "Error catalogue", as one pure decision: what the client does with an
// answer (or the lack of one). The API client carries the action out; each row is a test.
import type { LoginModel } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { loginUrl } from './navigation';
import { NETWORK_FAILED } from './networkFailed';

// The contract's default messages for the three codes the client acts on, as text here: the
// contract's message table (every code's) would otherwise ride in /login's first load.
// errorCatalogue.test.ts checks they are the contract's.
export const TEXT = {
  forbidden: '当前请求没有权限',
  serverError: '请求错误',
  timeout: '服务器响应超时，请稍后再试',
  network: NETWORK_FAILED,
  unauthorized: '登录已失效，请重新登录',
  revoked: '您的登录已在其他地方失效，请重新登录',
  cardNotFound: '卡号不存在',
  busy: '服务繁忙，请稍后再试',
} as const;

export type Outcome = { kind: 'answer'; status: number; code?: number; message?: string } | { kind: 'timeout' } | { kind: 'network' };

export interface CatalogueContext {
  /** current location: pathname and search */
  path: string;
  search: string;
  loginModel?: LoginModel;
  /** the current page is exempt from the unknown-card redirect (route meta cardWhitelist) */
  cardExemptPage: boolean;
  /** the failed call's route ("GET /v2/card/info"): its template, never the URL with its values */
  route?: string;
}

let failedCallListener: ((route: string, outcome: Outcome) => void) | undefined;

/** The error reporter's ear (docs/decisions/0037-errors-from-phones.md): every failed call passes
 *  through decideOnOutcome, which lives here, after /login's first load. */
export function listenToFailedCalls(listener: (route: string, outcome: Outcome) => void): void {
  failedCallListener = listener;
}

export interface ErrorAction {
  ok: boolean;
  toast?: string;
  /** cardData: card number, card info, supplier. authAndCard: the token and card session data. */
  clear?: 'cardData' | 'authAndCard';
  navigate?: string;
  /** a 404 goes back to the caller untouched */
  passThrough?: boolean;
  /** remember that a request timed out (docs/spec/portal-spec.md §3, the time-out flag) */
  setTimeoutFlag?: boolean;
}

export function decideOnOutcome(outcome: Outcome, ctx: CatalogueContext): ErrorAction {
  if (ctx.route) failedCallListener?.(ctx.route, outcome);
  if (outcome.kind === 'timeout') return { ok: false, toast: TEXT.timeout, setTimeoutFlag: true };
  if (outcome.kind === 'network') return { ok: false, toast: TEXT.network };

  const { status, code, message } = outcome;
  // 40001 comes with HTTP 200 (docs/spec/decisions.md), so it is checked before the status.
  if (code === Code.SESSION_REVOKED) {
    return {
      ok: false,
      toast: message || TEXT.revoked,
      clear: 'authAndCard',
      navigate: ctx.path === '/login' ? undefined : loginUrl({ loginModel: cardModel(ctx) }),
    };
  }
  if (status === 401) {
    return {
      ok: false,
      toast: message || TEXT.unauthorized,
      clear: 'authAndCard',
      navigate: ctx.path === '/login' ? undefined : loginUrl({ redirect: ctx.path + ctx.search, loginModel: cardModel(ctx) }),
    };
  }
  if (status === 400) {
    if (code === Code.CARD_NOT_FOUND && !ctx.cardExemptPage) {
      return { ok: false, toast: message || TEXT.cardNotFound, clear: 'cardData', navigate: '/' };
    }
    return { ok: false, toast: message || TEXT.serverError };
  }
  if (status === 403) return { ok: false, toast: TEXT.forbidden };
  if (status === 404) return { ok: false, passThrough: true };
  if (status === 500) return { ok: false, toast: TEXT.serverError };
  // A process past its limits sheds load (docs/decisions/0033): nothing was done, trying again in a
  // moment will do; the page's failed load offers 重试 (isRetryable: every 5xx).
  if (status === 503) return { ok: false, toast: TEXT.busy };
  if (status >= 200 && status < 300) {
    if (code === Code.OK) return { ok: true };
    // A business error the server sent with 200: the message is meant for the user.
    return { ok: false, toast: message || TEXT.serverError };
  }
  return { ok: false, toast: message || TEXT.serverError };
}

/** "and customNum login model if in use" (docs/spec/portal-spec.md §8, 401 row). */
function cardModel(ctx: CatalogueContext): LoginModel | undefined {
  return ctx.loginModel === 'customNum' ? 'customNum' : undefined;
}

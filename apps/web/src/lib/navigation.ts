// URL helpers shared by the guards, the API client and the login page.
import type { LoginModel } from '@portal/contract';

/** Only same-site paths may be used as a redirect target: no "//evil.example", no "https:",
 *  no "/\evil" (browsers treat a backslash like a slash), and never back to /login. */
export function safeRedirect(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  if (!value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  if (/^\/login(?:[/?#]|$)/.test(value)) return undefined;
  return value;
}

export interface LoginUrlOptions {
  mark?: string;
  loginModel?: LoginModel;
  redirect?: string;
}

/** /login with the query the guards and the API client keep (docs/spec/portal-spec.md §4 and 8). */
export function loginUrl({ mark, loginModel, redirect }: LoginUrlOptions = {}): string {
  const q = new URLSearchParams();
  if (mark) q.set('mark', mark);
  if (loginModel) q.set('login_model', loginModel);
  const target = safeRedirect(redirect);
  if (target && target !== '/') q.set('redirect', target);
  const s = q.toString();
  return s ? `/login?${s}` : '/login';
}

/** The search string without the named parameters ("" when nothing is left). */
export function withoutParams(search: string, ...names: string[]): string {
  const q = new URLSearchParams(search);
  names.forEach((n) => q.delete(n));
  const s = q.toString();
  return s ? `?${s}` : '';
}

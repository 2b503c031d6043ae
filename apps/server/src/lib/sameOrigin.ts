// Whether a state-changing console request came from the console's own origin
// (docs/decisions/0047-guard-before-input.md). The session cookie is SameSite=Strict, which keeps it
// off other *sites'* requests; but a page on another port of the same host is the same site, so the
// browser would send the cookie with its form post (a multipart logo upload, say). Browsers say
// where a request came from: `Sec-Fetch-Site` (same-origin, same-site, cross-site, none) and `Origin`
// (sent on every POST a browser makes, by a form or by fetch). Either one naming somewhere else is
// refused. A request with neither is not a browser acting for a logged-in operator — curl, a
// server-to-server call, the API tests — so it passes: refusing it would protect nobody.

/** The two request headers the rule reads (as Node gives them: lower-case names). */
export interface OriginHeaders {
  origin?: string | string[] | undefined;
  'sec-fetch-site'?: string | string[] | undefined;
}

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * True when the request may change state: a safe method, or nothing says it came from elsewhere.
 * `host` is the host the request was sent to (`req.host`: name and port as the browser wrote them,
 * or the trusted proxy's X-Forwarded-Host); another port of the same name is another origin.
 */
export function fromOwnOrigin(method: string, headers: OriginHeaders, host: string): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin' && site !== 'none') return false;
  const origin = headers.origin;
  if (origin === undefined) return true;
  if (typeof origin !== 'string') return false;
  return hostOf(origin) === host.toLowerCase();
}

/** The host (name and non-default port) of an Origin header; '' for 'null' (a sandboxed frame, a file) and garbage. */
function hostOf(origin: string): string {
  try {
    const url = new URL(origin);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : '';
  } catch {
    return '';
  }
}

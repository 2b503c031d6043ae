// What the access line says about a request's URL (docs/decisions/0028): the path with every query value that
// could be personal replaced by ***, so a console search `?mobile=13800138000` writes no mobile to
// the log (README: mobiles never reach a log). Values of the named keys are always hidden; any
// other value with a run of 6 or more digits (a mobile, card number, ICCID or ID number under
// another name) or longer than 24 characters (a token) is hidden too. Pure, no I/O.

/** Query keys whose values are hidden whatever they look like. */
const SECRET_KEYS =
  /^(mobile|phone|tel|custom_num|card|cards|number|num|iccid|isdn|msisdn|imsi|imei|id_number|id_card|idcard|id_no|name|receiver|token|code|password|sign|signature|ticket|secret|key|sn|serial|q|keyword|search)$/i;
const DIGIT_RUN = /\d{6,}/;
const LONG = 24;

export const HIDDEN = '***';

function hide(key: string, value: string): boolean {
  return SECRET_KEYS.test(key) || DIGIT_RUN.test(value) || value.length > LONG;
}

/** `url` with personal-looking query values hidden; the path itself is kept (routes use no personal data in paths). */
export function maskedUrl(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const query = url.slice(at + 1);
  if (!query) return url;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    const rawKey = eq < 0 ? pair : pair.slice(0, eq);
    let key = rawKey;
    let value = eq < 0 ? '' : pair.slice(eq + 1);
    try {
      key = decodeURIComponent(rawKey.replace(/\+/g, ' '));
      value = decodeURIComponent(value.replace(/\+/g, ' '));
    } catch {
      // a malformed escape: judge it as it is
    }
    if (eq < 0 || value === '') return pair;
    return hide(key, value) ? `${rawKey}=${HIDDEN}` : pair;
  });
  return `${url.slice(0, at)}?${parts.join('&')}`;
}

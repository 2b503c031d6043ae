// URLs that come from configuration (branding, customer service, real-name links) are
// rendered as links and images. Only http(s) and same-site paths pass; javascript:, data:,
// vbscript: and anything unparsable become "" so the UI hides the link.
//
// Control characters and backslashes are refused anywhere (docs/decisions/0028): browsers drop tabs and
// newlines and read "\" as "/", so "/\evil.example/…" and "/<TAB>/evil.example" looked like
// same-site paths here and opened another site there. A path is then checked with the URL parser:
// resolved against a placeholder origin, it must stay on that origin.

/** C0 controls, space-like separators, DEL, and the backslash browsers read as a slash. */
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const UNSAFE_CHARS = /[\u0000-\u001F\u007F\u0080-\u009F\u2028\u2029\\]/;
const PLACEHOLDER = 'https://same-site.invalid';

export function safeUrl(value: string | null | undefined): string {
  if (!value) return '';
  const v = value.trim();
  if (v === '' || UNSAFE_CHARS.test(v)) return '';
  if (v.startsWith('/')) {
    if (v.startsWith('//')) return '';
    try {
      return new URL(v, PLACEHOLDER).origin === PLACEHOLDER ? v : '';
    } catch {
      return '';
    }
  }
  let url: URL;
  try {
    url = new URL(v);
  } catch {
    return '';
  }
  return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '' ? url.toString() : '';
}

/**
 * An agent's external chat service (docs/decisions/0034): used only when it is an absolute https
 * URL that passes safeUrl; anything else ("" included) means the built-in 在线咨询.
 */
export function externalChatUrl(value: string | null | undefined): string {
  const url = safeUrl(value);
  return url.startsWith('https://') ? url : '';
}

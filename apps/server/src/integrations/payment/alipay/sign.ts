// Alipay open platform signatures (opendocs.alipay.com, "签名" / "异步通知验签"), RSA2 =
// SHA256withRSA over the parameters sorted by name and joined as k=v&… with their raw values:
//   a request signs every parameter but `sign` (sign_type included), empty ones left out, with the
//   merchant's app key;
//   a notification is verified over every parameter but `sign` and `sign_type`, empty ones
//   included as `k=` (Alipay signs every parameter it posts; the official alipay-sdk's
//   checkNotifySign does the same), with Alipay's public key;
//   a synchronous answer's `sign` covers the exact JSON text of its `<method>_response` member.
import { createSign, createVerify, type KeyObject } from 'node:crypto';

export type Params = Record<string, string>;

/**
 * The sorted `k=v&…` string; `leaveOut` names the parameters not signed. `empty`: what an empty
 * value does — a request leaves it out, a notification signs it as `k=`.
 */
export function signContent(params: Params, leaveOut: readonly string[], empty: 'leftOut' | 'signed' = 'leftOut'): string {
  return Object.keys(params)
    .filter((k) => !leaveOut.includes(k) && params[k] !== undefined && (empty === 'signed' || params[k] !== ''))
    .sort()
    .map((k) => `${k}=${params[k]}`)
    .join('&');
}

export function rsa2Sign(content: string, privateKey: KeyObject): string {
  return createSign('RSA-SHA256').update(content, 'utf8').sign(privateKey, 'base64');
}

export function rsa2Verify(content: string, signature: string, publicKey: KeyObject): boolean {
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(signature)) return false;
  try {
    return createVerify('RSA-SHA256').update(content, 'utf8').verify(publicKey, signature, 'base64');
  } catch {
    return false;
  }
}

/** A request's parameters with their `sign`. */
export function signRequest(params: Params, privateKey: KeyObject): Params {
  return { ...params, sign: rsa2Sign(signContent(params, ['sign']), privateKey) };
}

/** Is this notification (its decoded form fields) signed by Alipay? */
export function verifyNotificationParams(params: Params, publicKey: KeyObject): boolean {
  const sign = params.sign;
  if (!sign || params.sign_type !== 'RSA2') return false;
  return rsa2Verify(notificationContent(params), sign, publicKey);
}

/** What Alipay signed in a notification: every parameter but `sign` and `sign_type`, empty ones too. */
export function notificationContent(params: Params): string {
  return signContent(params, ['sign', 'sign_type'], 'signed');
}

/**
 * The exact text of `"<member>": {…}` in an answer, as Alipay signed it (re-serialising the parsed
 * object could reorder or re-escape it). null when the member is not there.
 */
export function responseMember(text: string, member: string): string | null {
  const key = `"${member}"`;
  let at = text.indexOf(key);
  if (at < 0) return null;
  at = text.indexOf('{', at + key.length);
  if (at < 0) return null;
  let depth = 0;
  let inString = false;
  for (let i = at; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) return text.slice(at, i + 1);
  }
  return null;
}

/** yyyy-MM-dd HH:mm:ss in China time: Alipay's `timestamp` and `time_expire`. */
export function chinaTime(ms: number): string {
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}

/** "88.88" → 8888; null for anything that is not a yuan amount with at most 2 decimals. */
export function yuanToFen(v: unknown): number | null {
  if (typeof v !== 'string' || !/^\d{1,9}(\.\d{1,2})?$/.test(v)) return null;
  const [y, f = ''] = v.split('.');
  return Number(y) * 100 + Number(f.padEnd(2, '0'));
}

export function fenToYuanText(fen: number): string {
  return `${Math.floor(fen / 100)}.${String(fen % 100).padStart(2, '0')}`;
}

// HMAC-SHA256 signatures of the sandbox's notifications: the fields sorted by name, joined as
// key=value&…, signed with the shared secret (config paySandboxSecret / PAY_SANDBOX_SECRET).
import { createHmac, timingSafeEqual } from 'node:crypto';

export function canonical(fields: Record<string, string | number>): string {
  return Object.keys(fields)
    .filter((k) => k !== 'sign')
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
}

export function sign(fields: Record<string, string | number>, secret: string): string {
  return createHmac('sha256', secret).update(canonical(fields)).digest('hex');
}

/** Constant-time comparison: the time taken does not tell a forger how much of a guess was right. */
export function signatureMatches(fields: Record<string, string | number>, given: string, secret: string): boolean {
  const expected = Buffer.from(sign(fields, secret), 'hex');
  const got = /^[0-9a-f]{64}$/i.test(given) ? Buffer.from(given, 'hex') : Buffer.alloc(0);
  return got.length === expected.length && timingSafeEqual(got, expected);
}

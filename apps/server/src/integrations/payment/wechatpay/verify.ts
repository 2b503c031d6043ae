// Is a message (an answer to our request, or a notification) really from WeChat Pay? Its
// signature headers must name the platform key we were configured with, be recent, and sign the
// exact body. Pure: the caller passes the clock.
import type { KeyObject } from 'node:crypto';
import { responseMessage, rsaVerify } from './sign';

/** How far a message's timestamp may be from our clock (the gateway's own SDKs use 5 minutes). */
export const REPLAY_WINDOW_SECONDS = 300;

export interface PlatformKey {
  /** Wechatpay-Serial the gateway names: the platform certificate's serial or the public key's id (PUB_KEY_ID_…) */
  serial: string;
  publicKey: KeyObject;
}

export type SignedHeaders = Record<string, string | string[] | undefined>;

export type Verdict = { ok: true } | { ok: false; reason: 'missing_headers' | 'wrong_serial' | 'stale' | 'bad_signature' };

function header(h: SignedHeaders, name: string): string | undefined {
  const v = h[name] ?? h[name.toLowerCase()];
  return Array.isArray(v) ? v[0] : v;
}

export function verifySigned(headers: SignedHeaders, body: string, key: PlatformKey, nowMs: number): Verdict {
  const timestamp = header(headers, 'wechatpay-timestamp');
  const nonce = header(headers, 'wechatpay-nonce');
  const signature = header(headers, 'wechatpay-signature');
  const serial = header(headers, 'wechatpay-serial');
  if (!timestamp || !nonce || !signature || !serial) return { ok: false, reason: 'missing_headers' };
  if (serial !== key.serial) return { ok: false, reason: 'wrong_serial' };
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(nowMs / 1000 - Number(timestamp)) > REPLAY_WINDOW_SECONDS)
    return { ok: false, reason: 'stale' };
  if (!rsaVerify(responseMessage(timestamp, nonce, body), signature, key.publicKey)) return { ok: false, reason: 'bad_signature' };
  return { ok: true };
}

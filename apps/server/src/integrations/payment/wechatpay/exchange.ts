// One signed exchange with WeChat Pay API v3, shared by the payment client and the payout (商家转账)
// gateway: the request signed with the merchant key, the answer's signature checked before its body
// is read. Each caller turns the outcome into its own error type and words.
import { TransportError, type HttpTransport } from '../../http/transport';
import { authorization, type Credentials } from './sign';
import { verifySigned, type PlatformKey } from './verify';

export interface ExchangeOptions extends Credentials {
  transport: HttpTransport;
  platform: PlatformKey;
}

export type Exchange =
  | { kind: 'answer'; status: number; data: unknown }
  | { kind: 'unreachable' }
  | { kind: 'unverified'; reason: string }
  /** a status the caller did not accept: the gateway's own code and message when it gave them */
  | { kind: 'refused'; status: number; error: { code?: string; message?: string } | null };

export async function signedExchange(
  o: ExchangeOptions,
  req: { base: string; method: 'GET' | 'POST'; path: string; body?: object; headers?: Record<string, string>; accept?: number[] },
  clock: { nowMs: number; nonce: string },
): Promise<Exchange> {
  const text = req.body === undefined ? '' : JSON.stringify(req.body);
  const timestamp = String(Math.floor(clock.nowMs / 1000));
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': 'portal-server',
    authorization: authorization(o, { method: req.method, url: req.path, body: text, timestamp, nonce: clock.nonce }),
    ...(req.body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...req.headers,
  };
  let res;
  try {
    res = await o.transport({
      method: req.method,
      url: `${req.base}${req.path}`,
      headers,
      ...(req.body !== undefined ? { body: text } : {}),
    });
  } catch (err) {
    if (err instanceof TransportError) return { kind: 'unreachable' };
    throw err;
  }
  if (res.status >= 200 && res.status < 300) {
    const v = verifySigned(res.headers, res.body, o.platform, clock.nowMs);
    if (!v.ok) return { kind: 'unverified', reason: v.reason };
    return { kind: 'answer', status: res.status, data: res.body ? parse(res.body) : null };
  }
  if (req.accept?.includes(res.status)) return { kind: 'answer', status: res.status, data: null };
  return { kind: 'refused', status: res.status, error: parse(res.body) as { code?: string; message?: string } | null };
}

function parse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

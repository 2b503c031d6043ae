// Alibaba Cloud's RPC (POP) request signature, signature version 1.0, as published ("签名机制"):
//   percentEncode = RFC 3986 (A-Z a-z 0-9 - _ . ~ kept; space %20, * %2A, ~ kept)
//   CanonicalizedQueryString = the parameters but Signature, sorted by name, percentEncode(k)=percentEncode(v) joined by &
//   StringToSign = METHOD & percentEncode("/") & percentEncode(CanonicalizedQueryString)
//   Signature = Base64(HMAC-SHA1(AccessKeySecret + "&", StringToSign))
import { createHmac } from 'node:crypto';

export function percentEncode(s: string): string {
  return encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
}

export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((k) => k !== 'Signature')
    .sort()
    .map((k) => `${percentEncode(k)}=${percentEncode(params[k]!)}`)
    .join('&');
}

export function stringToSign(method: 'GET' | 'POST', params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

export function signature(method: 'GET' | 'POST', params: Record<string, string>, accessKeySecret: string): string {
  return createHmac('sha1', `${accessKeySecret}&`).update(stringToSign(method, params), 'utf8').digest('base64');
}

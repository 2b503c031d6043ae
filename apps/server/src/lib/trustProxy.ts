import { isIP } from 'node:net';

// Which X-Forwarded-For entries the server may believe (TRUST_PROXY). Every per-address limit
// (failed logins, SMS, quick payment, refused notifications) keys on the client address, so
// trusting every entry would let a client write its own `X-Forwarded-For: 198.51.100.N, …` and
// escape them all. What can be trusted is the part that our own proxies appended:
//   ''/'0'/'false'       no proxy: the TCP peer is the client;
//   a number N ≥ 1       N proxy hops in front of us: the client is the Nth address from the
//                        right (1 = one nginx: the address nginx saw), whatever the client wrote;
//   addresses / CIDRs    (comma-separated) the proxies themselves: entries are believed only
//                        while they come from one of these.
// 'true' (trust everything) is refused at start-up: it is the hole, not a setting. A hop count
// believes whoever connects, so it is safe only when the port is reachable through the proxy
// alone; the addresses form holds even when it is not (README, "Settings").

/** What Fastify's `trustProxy` takes: false, a hop count, or the proxies' addresses. */
export type TrustProxy = false | number | string[];

const CIDR = /^(.+)\/(\d{1,3})$/;

function validProxyAddress(entry: string): boolean {
  const m = CIDR.exec(entry);
  if (!m) return isIP(entry) !== 0;
  const family = isIP(m[1]!);
  const bits = Number(m[2]);
  return (family === 4 && bits <= 32) || (family === 6 && bits <= 128);
}

export function parseTrustProxy(raw: string | undefined): TrustProxy {
  const value = (raw ?? '').trim();
  if (value === '' || value === '0' || value.toLowerCase() === 'false') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    if (hops > 10) throw new Error(`TRUST_PROXY=${value}: more than 10 proxy hops is not a real set-up`);
    return hops;
  }
  if (value.toLowerCase() === 'true' || value === '*')
    throw new Error(
      'TRUST_PROXY must name the proxy hops (e.g. 1) or the proxies’ addresses, not trust every client-written X-Forwarded-For',
    );
  const list = value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const bad = list.filter((e) => !validProxyAddress(e));
  if (bad.length) throw new Error(`TRUST_PROXY: not an address or CIDR: ${bad.join(', ')}`);
  return list;
}

/**
 * Fastify's form. Its own number handling trusts nothing (it cannot check the peer), so a hop
 * count becomes the classic rule: the nearest `hops` addresses are proxies, the next is the client.
 */
export function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof tp !== 'number') return tp;
  const hops = tp;
  return (_address, hop) => hop < hops;
}

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { TrustProxy } from './trustProxy';

// Request ids (docs/decisions/0017): they tie a card holder's report ("请求编号 …") and a proxy's
// access log to the server's log lines, across every process on the database — so a random UUID,
// never a per-process counter (Fastify's default restarts at req-1 in each process). A proxy in
// front of us may hand its own id down in `x-request-id`; it is believed only from a trusted
// proxy (TRUST_PROXY) and only when well-formed: from anyone else it could forge or collide with
// another request's id, and a junk value would land in every log line.

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy's id may look like: a UUID, nginx's $request_id (32 hex), a ULID, … */
export const WELL_FORMED_REQUEST_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{7,127}$/;

/** Whether the TCP peer is one of the proxies TRUST_PROXY names (a hop count trusts the peer). */
export function peerIsTrustedProxy(tp: TrustProxy): (address: string | undefined) => boolean {
  if (tp === false) return () => false;
  if (typeof tp === 'number') return () => tp >= 1;
  const list = new BlockList();
  for (const entry of tp) {
    const [addr, bits] = entry.split('/') as [string, string | undefined];
    const type = isIP(addr) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(addr, type);
    else list.addSubnet(addr, Number(bits), type);
  }
  return (address) => {
    if (!address) return false;
    // an IPv4 peer on a dual-stack socket reads ::ffff:a.b.c.d
    const plain = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

/** Fastify's genReqId: the trusted proxy's well-formed id, otherwise a fresh UUID. */
export function requestIdGenerator(tp: TrustProxy): (req: IncomingMessage) => string {
  const trusted = peerIsTrustedProxy(tp);
  return (req) => {
    const given = req.headers[REQUEST_ID_HEADER];
    if (typeof given === 'string' && WELL_FORMED_REQUEST_ID.test(given) && trusted(req.socket?.remoteAddress)) return given;
    return randomUUID();
  };
}

// The carriers' transport: a request whose connection is opened first and whose bytes leave only
// when its caller says go. A platform counts a call when it arrives, and the carrier guard hands out
// moments so that no rolling second holds more than the account's grant (modules/carriers/pacing.ts)
// — allowing for a call to leave a little after its moment. With fetch, "a little" was not bounded:
// a call that needed a new connection (its TCP connect a turn of a busy event loop) left up to
// 139 ms after its go where reused ones left within 13 (measured under load, 2026-12-03), and six
// calls then arrived within one second at a platform granting five. Here the connection is ready
// before the wait for the moment ends, and the request is written in the same turn as the go.
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { Socket } from 'node:net';
import { TransportError, type HttpRequest, type HttpResponse, type HttpTransport } from './transport';

/** A transport that can hold a request, its connection open, until `go` resolves. */
export interface HeldTransport extends HttpTransport {
  /**
   * Sends `req` once its connection is open and `go()` has resolved; nothing is written when `go`
   * rejects (the error is this call's). The time limit runs from the write.
   */
  held(req: HttpRequest, go: () => Promise<void>): Promise<HttpResponse>;
}

export function isHeld(t: HttpTransport): t is HeldTransport {
  return typeof (t as Partial<HeldTransport>).held === 'function';
}

/**
 * node:http(s) with keep-alive connections. Redirects are answered as they are (a carrier API does
 * not redirect; the adapter reads a 3xx as a failure). Never logs the request (it carries credentials).
 */
export function heldTransport(timeoutMs = 10_000): HeldTransport {
  const agents = { 'http:': new HttpAgent({ keepAlive: true }), 'https:': new HttpsAgent({ keepAlive: true }) };
  const held = async (req: HttpRequest, go: () => Promise<void>): Promise<HttpResponse> => {
    const url = new URL(req.url);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TransportError(`${url.protocol} is not http(s)`);
    // a connection the server closed while the call waited for its moment (an idle kept-alive one)
    // carried nothing: the call takes a new one (and a new moment)
    for (let attempt = 1; ; attempt++) {
      const sent = await once(url, req, go, agents[url.protocol as keyof typeof agents], timeoutMs);
      if (sent !== 'closed before the write') return sent;
      if (attempt === 2) throw new TransportError(`${url.host} unreachable: ECONNRESET`);
    }
  };
  const plain: HttpTransport = (req) => held(req, () => Promise.resolve());
  return Object.assign(plain, { held });
}

/** One try on one connection: the answer, or word that the connection was lost before anything was written. */
function once(
  url: URL,
  req: HttpRequest,
  go: () => Promise<void>,
  agent: HttpAgent,
  timeoutMs: number,
): Promise<HttpResponse | 'closed before the write'> {
  const secure = url.protocol === 'https:';
  const host = url.host;
  return new Promise((resolve, reject) => {
    let written = false;
    let settled = false;
    const end = (then: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      then();
    };
    const fail = (err: unknown) => end(() => (r.destroy(), reject(err)));
    // until connected: the connection's own limit; from the write: the answer's
    let timer = setTimeout(() => fail(new TransportError(`${host} unreachable: ConnectTimeout`)), timeoutMs);
    const headers = { ...req.headers, ...(req.body !== undefined ? { 'content-length': String(Buffer.byteLength(req.body)) } : {}) };
    const r: ClientRequest = (secure ? httpsRequest : httpRequest)(url, { method: req.method, headers, agent });
    let connected = false;
    r.on('error', (err: NodeJS.ErrnoException) => {
      if (connected && !written) return end(() => (r.destroy(), resolve('closed before the write')));
      fail(new TransportError(`${host} unreachable: ${err.code ?? err.name}`, written));
    });
    r.on('response', (res: IncomingMessage) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err: NodeJS.ErrnoException) => fail(new TransportError(`${host} unreachable: ${err.code ?? err.name}`, true)));
      res.on('end', () =>
        end(() => {
          const out: Record<string, string> = {};
          for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) out[k] = Array.isArray(v) ? v.join(', ') : v;
          resolve({ status: res.statusCode ?? 0, headers: out, body: Buffer.concat(chunks).toString('utf8') });
        }),
      );
    });
    const send = () => {
      connected = true;
      // connected: the wait for the moment is the caller's (the guard bounds it), not the platform's
      clearTimeout(timer);
      return go().then(() => {
        if (settled) return;
        // the go and the write in one turn: nothing of ours runs between them
        written = true;
        timer = setTimeout(() => fail(new TransportError(`${host} unreachable: TimeoutError`, true)), timeoutMs);
        r.end(req.body);
      }, fail);
    };
    r.once('socket', (socket: Socket) => {
      // a kept-alive connection is open already; a new one is waited for (TLS: its handshake too)
      if (!socket.connecting) return void send();
      socket.once(secure ? 'secureConnect' : 'connect', () => void send());
    });
  });
}

// The carriers' transport: the connection first, the bytes on the caller's go, nothing written
// when the go is refused, and a kept-alive connection lost during the wait replaced.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { heldTransport } from './heldTransport';
import { TransportError } from './transport';

interface Seen {
  connections: number;
  requests: { at: number; method: string; url: string; body: string }[];
  sockets: Set<Socket>;
}

let server: Server | null = null;

async function platform(answer: (req: IncomingMessage, res: ServerResponse, body: string) => void): Promise<{ url: string; seen: Seen }> {
  const seen: Seen = { connections: 0, requests: [], sockets: new Set() };
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString('utf8')));
    req.on('end', () => {
      seen.requests.push({ at: Date.now(), method: req.method ?? '', url: req.url ?? '', body });
      answer(req, res, body);
    });
  });
  server.on('connection', (s: Socket) => {
    seen.connections += 1;
    seen.sockets.add(s);
    s.on('close', () => seen.sockets.delete(s));
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, seen };
}

const json = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify(body));
};

/** A go the test gives by hand, recording whether the connection was open when it was asked. */
function handGo(seen: Seen) {
  const asked: number[] = [];
  let give: () => void = () => {};
  let refuse: (err: Error) => void = () => {};
  const go = () => {
    asked.push(seen.connections);
    return new Promise<void>((resolve, reject) => {
      give = resolve;
      refuse = reject;
    });
  };
  return { go, asked, give: () => give(), refuse: (err: Error) => refuse(err) };
}

const until = async (cond: () => boolean) => {
  for (let i = 0; i < 200 && !cond(); i++) await new Promise((r) => setTimeout(r, 5));
  expect(cond()).toBe(true);
};

afterEach(async () => {
  server?.closeAllConnections();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = null;
});

describe('heldTransport', () => {
  it('opens the connection first and writes the request only on the go', async () => {
    const { url, seen } = await platform((_req, res, body) => json(res, 200, { echo: body, 状态: '正常' }));
    const t = heldTransport(2000);
    const hand = handGo(seen);
    const answer = t.held(
      { method: 'POST', url: `${url}/ec/query?x=1`, headers: { 'content-type': 'application/json' }, body: '{"a":"卡"}' },
      hand.go,
    );
    await until(() => hand.asked.length === 1);
    // asked for its go with the connection open, and nothing written while it waits
    expect(hand.asked).toEqual([1]);
    await new Promise((r) => setTimeout(r, 100));
    expect(seen.requests).toEqual([]);
    const wentAt = Date.now();
    hand.give();
    const res = await answer;
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(JSON.parse(res.body)).toEqual({ echo: '{"a":"卡"}', 状态: '正常' });
    expect(seen.requests).toHaveLength(1);
    expect(seen.requests[0]).toMatchObject({ method: 'POST', url: '/ec/query?x=1' });
    expect(seen.requests[0]!.at).toBeGreaterThanOrEqual(wentAt);
  });

  it('a refused go writes nothing and is the call’s error', async () => {
    const { url, seen } = await platform((_req, res) => json(res, 200, {}));
    const t = heldTransport(2000);
    const hand = handGo(seen);
    const answer = t.held({ method: 'GET', url: `${url}/x`, headers: {} }, hand.go);
    await until(() => hand.asked.length === 1);
    const refusal = new Error('no call slot within the wait');
    hand.refuse(refusal);
    await expect(answer).rejects.toBe(refusal);
    await new Promise((r) => setTimeout(r, 50));
    expect(seen.requests).toEqual([]);
  });

  it('reuses a kept-alive connection, and takes a new one (and a new go) when the platform closed it during the wait', async () => {
    const { url, seen } = await platform((_req, res) => json(res, 200, { ok: true }));
    const t = heldTransport(2000);
    expect((await t({ method: 'GET', url: `${url}/first`, headers: {} })).status).toBe(200);
    expect((await t({ method: 'GET', url: `${url}/second`, headers: {} })).status).toBe(200);
    expect(seen.connections).toBe(1);

    const hand = handGo(seen);
    const answer = t.held({ method: 'GET', url: `${url}/third`, headers: {} }, hand.go);
    await until(() => hand.asked.length === 1);
    // the platform ends the idle connection while the call waits for its moment
    for (const s of seen.sockets) s.destroy();
    await until(() => hand.asked.length === 2);
    expect(seen.connections).toBe(2);
    hand.give();
    expect((await answer).status).toBe(200);
    expect(seen.requests.map((r) => r.url)).toEqual(['/first', '/second', '/third']);
  });

  it('the time limit runs from the write: no answer in time is a timeout after sending', async () => {
    const { url, seen } = await platform(() => {
      /* never answers */
    });
    const t = heldTransport(300);
    const hand = handGo(seen);
    const answer = t.held({ method: 'POST', url: `${url}/slow`, headers: {}, body: '{}' }, hand.go);
    await until(() => hand.asked.length === 1);
    // a wait for the moment longer than the limit is not the platform's slowness
    await new Promise((r) => setTimeout(r, 400));
    hand.give();
    const err = await answer.catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({ timedOut: true });
    expect(seen.requests).toHaveLength(1);
  });

  it('a platform that cannot be reached is a failure before sending, and no go is asked', async () => {
    const { url } = await platform(() => {});
    await new Promise<void>((resolve) => server!.close(() => resolve()));
    server = null;
    const t = heldTransport(2000);
    let asked = 0;
    const err = await t.held({ method: 'GET', url: `${url}/x`, headers: {} }, async () => void (asked += 1)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TransportError);
    expect(err).toMatchObject({ timedOut: false, message: expect.stringContaining('ECONNREFUSED') });
    expect(asked).toBe(0);
  });

  it('refuses an address that is not http(s)', async () => {
    await expect(heldTransport(100)({ method: 'GET', url: 'file:///etc/passwd', headers: {} })).rejects.toBeInstanceOf(TransportError);
  });
});

// A fake Sentry (docs/decisions/0037-errors-from-phones.md) for the tests: the envelope endpoint as
// Sentry documents it — POST /api/{project}/envelope/, the key in X-Sentry-Auth — which checks what
// it is sent (the key, the project, the envelope's three lines and the item's length) and keeps
// the events it accepted. A wrong key is refused 401, an unknown project 404, a malformed envelope 400.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedEvent {
  envelopeHeader: Record<string, unknown>;
  event: Record<string, unknown> & { message?: { formatted?: string }; tags?: Record<string, string>; release?: string };
  /** the whole body as received, to look for what must never be in it */
  raw: string;
}

export interface FakeSentry {
  dsn: string;
  events: ReceivedEvent[];
  refused: { status: number; reason: string }[];
  close(): Promise<void>;
}

export async function startFakeSentry(opts: { key?: string; project?: string } = {}): Promise<FakeSentry> {
  const key = opts.key ?? 'fakepublickey0123';
  const project = opts.project ?? '42';
  const events: ReceivedEvent[] = [];
  const refused: FakeSentry['refused'] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const refuse = (status: number, reason: string) => {
        refused.push({ status, reason });
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify({ detail: reason }));
      };
      const m = /^\/api\/([^/]+)\/envelope\/$/.exec(req.url ?? '');
      if (req.method !== 'POST' || !m) return refuse(404, 'not found');
      if (m[1] !== project) return refuse(404, 'unknown project');
      const auth = String(req.headers['x-sentry-auth'] ?? '');
      if (!/^Sentry /.test(auth) || !auth.includes('sentry_version=7') || !auth.includes(`sentry_key=${key}`))
        return refuse(401, 'bad sentry_key');
      if (req.headers['content-type'] !== 'application/x-sentry-envelope') return refuse(400, 'bad content type');
      const raw = Buffer.concat(chunks).toString('utf8');
      const lines = raw.split('\n');
      try {
        const envelopeHeader = JSON.parse(lines[0]!) as Record<string, unknown>;
        const item = JSON.parse(lines[1]!) as { type?: string; length?: number };
        const payload = lines[2]!;
        if (item.type !== 'event') return refuse(400, 'not an event');
        if (item.length !== undefined && item.length !== Buffer.byteLength(payload)) return refuse(400, 'bad item length');
        const event = JSON.parse(payload) as ReceivedEvent['event'];
        if (!event.event_id || event.event_id !== envelopeHeader.event_id) return refuse(400, 'event_id mismatch');
        events.push({ envelopeHeader, event, raw });
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ id: event.event_id }));
      } catch {
        refuse(400, 'malformed envelope');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://${key}@127.0.0.1:${port}/${project}`,
    events,
    refused,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

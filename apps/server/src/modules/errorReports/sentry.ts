// Forwarding phones' error reports to Sentry (docs/decisions/0037-errors-from-phones.md), from the
// server — no SDK weighs on the phone. Sentry's documented envelope endpoint
// (https://develop.sentry.dev/sdk/data-model/envelopes/): POST {host}/api/{project}/envelope/ with
// the DSN's public key in X-Sentry-Auth, one event per envelope. Plain fetch: a server SDK would
// capture this process's own errors too, which is not what the reseller asked for.
import { randomUUID } from 'node:crypto';

export interface SentryTarget {
  /** where envelopes go: {scheme}://{host}{path}/api/{project}/envelope/ */
  url: string;
  publicKey: string;
  dsn: string;
}

/** The DSN taken apart (config.ts checked its shape); null when it is not a DSN. */
export function sentryTarget(dsn: string): SentryTarget | null {
  let u: URL;
  try {
    u = new URL(dsn);
  } catch {
    return null;
  }
  const parts = u.pathname.split('/').filter(Boolean);
  const project = parts.pop();
  if (!u.username || !project || !/^\d+$/.test(project)) return null;
  const prefix = parts.length ? `/${parts.join('/')}` : '';
  return { url: `${u.protocol}//${u.host}${prefix}/api/${project}/envelope/`, publicKey: decodeURIComponent(u.username), dsn };
}

export interface SentryEvent {
  kind: string;
  /** scrubbed */
  message: string;
  /** scrubbed */
  route: string;
  release: string;
  /** scrubbed */
  userAgent: string;
  /** the group's fingerprint: Sentry groups as the console does */
  fingerprint: string;
  status?: number;
  code?: number;
  at: Date;
}

/** One envelope holding one event (newline-separated: envelope header, item header, payload). */
export function envelopeOf(target: SentryTarget, e: SentryEvent): { eventId: string; body: string } {
  const eventId = randomUUID().replace(/-/g, '');
  const event = {
    event_id: eventId,
    timestamp: e.at.getTime() / 1000,
    platform: 'javascript',
    level: 'error',
    logger: 'h5',
    release: e.release,
    message: { formatted: e.message },
    fingerprint: [e.fingerprint],
    tags: {
      kind: e.kind,
      ...(e.route ? { route: e.route } : {}),
      ...(e.status !== undefined ? { status: String(e.status) } : {}),
      ...(e.code !== undefined ? { code: String(e.code) } : {}),
    },
    request: { headers: { 'User-Agent': e.userAgent } },
  };
  const header = { event_id: eventId, sent_at: e.at.toISOString(), dsn: target.dsn };
  const payload = JSON.stringify(event);
  const item = { type: 'event', length: Buffer.byteLength(payload) };
  return { eventId, body: `${JSON.stringify(header)}\n${JSON.stringify(item)}\n${payload}\n` };
}

/** Sends one event; throws when Sentry does not take it (the caller logs, the report is kept here anyway). */
export async function sendToSentry(target: SentryTarget, e: SentryEvent, timeoutMs = 5000): Promise<string> {
  const { eventId, body } = envelopeOf(target, e);
  const res = await fetch(target.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/x-sentry-envelope',
      'x-sentry-auth': `Sentry sentry_version=7, sentry_key=${target.publicKey}, sentry_client=portal-server/1.0`,
    },
    body,
    signal: AbortSignal.timeout(timeoutMs),
  });
  await res.arrayBuffer().catch(() => undefined);
  if (!res.ok) throw new Error(`Sentry answered ${res.status}`);
  return eventId;
}

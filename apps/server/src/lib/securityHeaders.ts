import Fastify from 'fastify';
import type { FastifyHelmetOptions } from '@fastify/helmet';

// The security headers of every answer (Content-Security-Policy, Referrer-Policy, HSTS, …), worked
// out ONCE at start-up. @fastify/helmet builds a new helmet middleware — parsing every CSP
// directive again — for each request: about a third of what a bare request cost the portal
// (docs/decisions/0022). The headers depend only on the options, so they are taken from helmet
// itself (the same package, the same options) by one request to a throwaway instance, and then
// set as a fixed set. Nothing per request (no CSP nonces) is used by the portal.

/** helmet's headers for these options: name (lower case) → value */
export async function securityHeadersOf(options: FastifyHelmetOptions): Promise<Record<string, string>> {
  const probe = Fastify({ logger: false });
  await probe.register(import('@fastify/helmet'), options);
  probe.get('/', async () => 'ok');
  const bare = Fastify({ logger: false });
  bare.get('/', async () => 'ok');
  try {
    const [withHelmet, without] = await Promise.all([probe.inject({ url: '/' }), bare.inject({ url: '/' })]);
    const out: Record<string, string> = {};
    for (const [name, value] of Object.entries(withHelmet.headers)) {
      if (name in without.headers || value === undefined) continue;
      out[name] = Array.isArray(value) ? value.join(', ') : String(value);
    }
    if (!out['content-security-policy']) throw new Error('helmet set no Content-Security-Policy: check the options');
    return out;
  } finally {
    await Promise.all([probe.close(), bare.close()]);
  }
}

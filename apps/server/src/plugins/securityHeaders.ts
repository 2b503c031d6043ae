import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { REQUEST_ID_HEADER } from '../lib/requestId';
import { securityHeadersOf } from '../lib/securityHeaders';

/**
 * Every answer names its request id, the one in the server's log lines, and carries the security
 * headers — helmet's, worked out once (lib/securityHeaders; docs/decisions/0022).
 */
export async function securityHeaders(app: FastifyInstance, webDist: string | null): Promise<void> {
  const headers = await securityHeadersOf({
    contentSecurityPolicy: { directives: cspDirectives(webDist) },
    // the portal opens carrier and payment pages; keep the referrer to our origin only
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    reply.header(REQUEST_ID_HEADER, req.id);
    done();
  });
}

/**
 * CSP that allows the inline scripts of our own index.html by hash, nothing else inline; and the
 * messaging app's JS-SDK, which WeChat serves only from its own address (the share card and
 * wx.config, loaded by the page only inside the app: docs/decisions/0049-wechat-js-sdk.md).
 */
export const WECHAT_JS_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

function cspDirectives(webDist: string | null): Record<string, string[]> {
  const scriptSrc = ["'self'", WECHAT_JS_SDK_URL];
  const file = webDist ? join(webDist, 'index.html') : null;
  if (file && existsSync(file)) {
    const html = readFileSync(file, 'utf8');
    for (const m of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      if (m[1]!.trim()) scriptSrc.push(`'sha256-${createHash('sha256').update(m[1]!).digest('base64')}'`);
    }
  }
  return {
    defaultSrc: ["'self'"],
    scriptSrc,
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:'],
    connectSrc: ["'self'"],
    fontSrc: ["'self'", 'data:'],
    objectSrc: ["'none'"],
    frameAncestors: ["'self'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
  };
}

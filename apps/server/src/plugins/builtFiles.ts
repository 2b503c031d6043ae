import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Code, DEFAULT_MESSAGE } from '@portal/contract/codes';
import type { Config } from '../config';
import { firstScreens } from '../modules/firstScreen';

/**
 * The portal's built files at /, the operator console's at /admin/ (docs/decisions/0018: its own
 * bundle, never part of the portal's), each with its history fallback; anything else is the
 * envelope's 404. Registered last: the fallbacks answer only what no route took.
 */
export async function builtFiles(
  app: FastifyInstance,
  {
    webDist,
    consoleDist,
    firstScreenDist,
    firstScreenBudgetMs,
    firstScreenConcurrency,
  }: Pick<Config, 'webDist' | 'consoleDist' | 'firstScreenDist' | 'firstScreenBudgetMs' | 'firstScreenConcurrency'>,
): Promise<void> {
  const indexHtml = webDist && existsSync(join(webDist, 'index.html'));
  if (indexHtml) await serveDist(app, webDist, '/', true);

  const consoleIndex = await serveConsole(app, consoleDist);
  // a logged-in holder's page comes with its first screen (modules/firstScreen)
  const screens =
    indexHtml && firstScreenDist
      ? firstScreens(app, webDist, firstScreenDist, { budgetMs: firstScreenBudgetMs, concurrency: firstScreenConcurrency })
      : undefined;
  if (indexHtml) {
    // The history fallback as a route of its own: @fastify/compress compresses routes only, not the
    // not-found handler, and index.html (with /login's prerendered markup) is the first thing a
    // phone downloads — 47 kB plain, 8 kB gzip. API paths and file names still get the 404 below.
    app.get('/*', async (req, reply) => {
      const path = req.url.split('?')[0]!;
      // the console's pages (/admin/…) have their own fallback in the not-found handler below
      const consolePath = path === '/admin' || path.startsWith('/admin/');
      if (consolePath || path.startsWith('/api/') || /\.[a-z0-9]+$/i.test(path)) return reply.callNotFound();
      // the same address answers differently with the holder's cookie: no shared cache may mix them
      reply.header('vary', 'cookie');
      const painted = await screens?.indexFor(req);
      if (painted) {
        // one holder's figures: kept by no cache, not even the phone's; already gzipped when the
        // phone takes it (modules/firstScreen: the parts every holder shares are deflated once)
        if (painted.gzip) reply.header('content-encoding', 'gzip');
        return reply
          .header('vary', 'cookie, accept-encoding')
          .header('cache-control', 'private, no-store')
          .type('text/html; charset=utf-8')
          .send(painted.body);
      }
      // cacheControl: false, or @fastify/static puts its own `public, max-age=0` over ours
      return reply.header('cache-control', 'no-cache').sendFile('index.html', { cacheControl: false });
    });
  }

  app.setNotFoundHandler((req, reply) => {
    const path = req.url.split('?')[0]!;
    if (consoleIndex && req.method === 'GET' && (path === '/admin' || path.startsWith('/admin/')) && !/\.[a-z0-9]+$/i.test(path)) {
      // history fallback of the console's router
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(consoleIndex);
    }
    if (indexHtml && req.method === 'GET' && !path.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(path)) {
      // history fallback: the web app's router decides (unknown paths go to /404 there)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send({ code: Code.NOT_FOUND, message: DEFAULT_MESSAGE[Code.NOT_FOUND]!, data: null });
  });
}

/** How the portal's and the console's built files are served (@fastify/static). */
const BUILT_FILES = {
  wildcard: false,
  index: false,
  // the build's .br / .gz beside each asset (scripts/build/precompress.mjs), sent as they are
  preCompressed: true,
  // setHeaders says how long each file may be cached; @fastify/static's own `public, max-age=0`
  // would otherwise win (also on its retry without a compressed copy, which drops sendFile's options)
  cacheControl: false,
  setHeaders(reply: { header(name: string, value: string): unknown }, path: string) {
    reply.header('vary', 'accept-encoding');
    // hashed assets never change; index.html must always be revalidated
    if (path.includes(`${join('/', 'assets', '/')}`)) reply.header('cache-control', 'public, max-age=31536000, immutable');
    else reply.header('cache-control', 'no-cache');
  },
} as const;

/**
 * One build's files under `prefix`: its hashed assets (hundreds, with their .br and .gz) through one
 * route, `<prefix>assets/*`, and the few files beside index.html a route each. A route per asset
 * (@fastify/static's wildcard: false for the whole folder) made about 1,400 routes, whose
 * registration was a seventh of a server start's CPU (profiled: @fastify/static's routes 1.1 s of a
 * 7.5 s start under load) — paid by every start, every test app and every release's larger build.
 * A file that is not there answers as before: the not-found handler's 404 envelope.
 */
async function serveDist(app: FastifyInstance, dist: string, prefix: string, decorateReply: boolean): Promise<void> {
  await app.register(import('@fastify/static'), {
    root: dist,
    prefix,
    ...BUILT_FILES,
    globIgnore: ['assets/**'],
    // the portal's registration decorates the reply; the others serve files only
    decorateReply,
  });
  if (!existsSync(join(dist, 'assets'))) return;
  await app.register(import('@fastify/static'), {
    root: join(dist, 'assets'),
    prefix: `${prefix}assets/`,
    ...BUILT_FILES,
    wildcard: true,
    decorateReply: false,
  });
}

/** Serves the built console under /admin/; its index.html for the history fallback, or null when not built. */
async function serveConsole(app: FastifyInstance, dist: string | null): Promise<string | null> {
  const index = dist && join(dist, 'index.html');
  if (!index || !existsSync(index)) return null;
  await serveDist(app, dist, '/admin/', false);
  return readFileSync(index, 'utf8');
}

// A logged-in holder's first screen in the HTML of a page they open cold
// (docs/decisions/0082-the-first-screen-in-the-html.md). The phone sends the holder's cookie
// (@portal/contract/firstScreen) with the page's request; the web's own renderer
// (apps/web/src/firstScreen/render.tsx, built into apps/web/dist-server/) renders the page with the
// answers of its reads, asked here in-process with the holder's session — the same routes, the same
// authorization, the same one read model as the phone's own requests. Whatever goes wrong (no
// cookie, an expired session, a read that fails, a page too slow to render), the plain index.html
// goes, and the app renders the page as it always did.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { firstScreenHolderOf, type FirstScreenHolder } from '@portal/contract/firstScreen';
import { countFirstScreen } from '../../lib/metrics';
import { within } from '../../lib/within';
import { acceptsGzip, deflatedPart, gzipJoined, joined, plainPart, type Part } from '../../lib/gzipParts';
import { inOrder, indexAround, pagePath, screenBody, screenHead, screenStyles } from './page';
import { firstScreenReadHeaders } from '../../lib/firstScreenRead';

/** The web's renderer as built (apps/web/src/firstScreen/render.tsx). */
interface Renderer {
  renderFirstScreen(input: {
    path: string;
    search: string;
    stored: Record<string, string>;
    read: (pathAndQuery: string) => Promise<Response>;
    /** aborted past the budget: the rendering stops at its next step (its answer would go unused) */
    signal?: AbortSignal;
  }): Promise<{ markup: string; pictures: string[]; owner: string } | undefined>;
}

/** A rendering past its budget (the plain page goes; the rendering's end is ignored). */
const LATE = Symbol('late');

/** A page's HTML with a first screen in it, as it goes: gzipped when the phone takes gzip. */
export interface PaintedAnswer {
  body: Buffer;
  gzip: boolean;
}

export interface FirstScreens {
  /** index.html with the holder's first screen of the page asked for; undefined: the plain one. */
  indexFor(req: FastifyRequest): Promise<PaintedAnswer | undefined>;
}

export interface FirstScreenLimits {
  /** the longest a page's HTML waits for its first screen (FIRST_SCREEN_BUDGET_MS) */
  budgetMs: number;
  /** renderings at once in this process (FIRST_SCREEN_CONCURRENCY) */
  concurrency: number;
}

/**
 * The first screens of the web build in `webDist` by its renderer in `dir` (apps/web/dist-server),
 * or undefined when there is none. A page's HTML waits `budgetMs` at most for one (300 by default:
 * a painted page takes 2–8 ms of CPU on a quiet 2-core machine); past it the plain page goes, and the
 * rendering stops at its next step. A burst of page requests beyond `concurrency` renderings at once
 * gets the plain page at once: each would otherwise queue behind the others' CPU, most past the
 * budget, the CPU spent on them wasted when the server has the least of it.
 */
export function firstScreens(app: FastifyInstance, webDist: string, dir: string, limits: FirstScreenLimits): FirstScreens | undefined {
  const moduleFile = join(dir, 'firstScreen.mjs');
  const stylesFile = join(dir, 'firstScreenStyles.json');
  if (!existsSync(moduleFile) || !existsSync(stylesFile)) return undefined;
  const pageStyles = JSON.parse(readFileSync(stylesFile, 'utf8')) as Record<string, string[]>;
  // the parts of a painted page that are the same for every holder, deflated once (lib/gzipParts)
  const styleParts = new Map<string, Part>();
  const stylesPartOf = (path: string): Part => {
    let part = styleParts.get(path);
    if (!part) {
      const texts = (pageStyles[path] ?? []).map((file) => readFileSync(join(webDist, file), 'utf8'));
      styleParts.set(path, (part = deflatedPart(screenStyles(texts))));
    }
    return part;
  };
  // loaded once the app is ready, beside its first requests (~0.2 s: the web's pages, bundled); a
  // page asked for before that is the plain one — a start never waits for it
  let renderer: Renderer | undefined;
  let loading: Promise<void> | undefined;
  const load = () =>
    (loading ??= (import(pathToFileURL(moduleFile).href) as Promise<Renderer>).then(
      (m) => void (renderer = m),
      (err: unknown) => app.log.error({ err }, 'first screen renderer not loaded'),
    ));
  app.addHook('onReady', async () => void load());
  // the build this process serves, read once like the stylesheets' list beside it (a new build is a restart);
  // an older build without the marks paints nothing
  const around = indexAround(readFileSync(join(webDist, 'index.html'), 'utf8'));
  const index = around && {
    beforeHead: deflatedPart(around.beforeHead),
    between: deflatedPart(around.between),
    afterBody: deflatedPart(around.afterBody),
  };
  const painted = (req: FastifyRequest, path: string, screen: { markup: string; pictures: string[]; owner: string }) => {
    if (!index) return undefined;
    const parts = inOrder(index, plainPart(screenHead({ path, ...screen })), stylesPartOf(path), plainPart(screenBody(screen.markup)));
    const gzip = acceptsGzip(req.headers['accept-encoding']);
    return { body: gzip ? gzipJoined(parts) : joined(parts), gzip };
  };

  const read =
    (token: string, signal: AbortSignal) =>
    async (pathAndQuery: string): Promise<Response> => {
      if (!pathAndQuery.startsWith('/api/')) throw new Error('a first screen reads the API only');
      signal.throwIfAborted();
      const res = await app.inject({
        method: 'GET',
        url: pathAndQuery,
        headers: { authorization: `Bearer ${token}`, accept: 'application/json', ...firstScreenReadHeaders() },
      });
      return new Response(res.payload, { status: res.statusCode, headers: { 'content-type': 'application/json' } });
    };

  const render = async (r: Renderer, holder: FirstScreenHolder, path: string, search: string, signal: AbortSignal) => {
    const stored: Record<string, string> = { token: holder.token };
    if (holder.customNum) stored.customNum = holder.customNum;
    if (holder.mark) stored.mark = holder.mark;
    return r.renderFirstScreen({ path, search, stored, read: read(holder.token, signal), signal });
  };
  let rendering = 0;

  return {
    async indexFor(req) {
      const holder = firstScreenHolderOf(req.headers.cookie);
      const [pathname = '/', query] = req.url.split('?', 2);
      const path = pagePath(pathname);
      if (!holder || !Object.hasOwn(pageStyles, path)) return undefined;
      if (!renderer) return void countFirstScreen('not_loaded');
      if (rendering >= limits.concurrency) return void countFirstScreen('busy');
      const stop = new AbortController();
      rendering++;
      const work = render(renderer, holder, path, query ? `?${query}` : '', stop.signal);
      // counted until it has really ended (past the budget it runs on to its next step)
      void work.then(
        () => rendering--,
        () => rendering--,
      );
      try {
        const screen = await within(work, limits.budgetMs, LATE);
        if (screen === LATE) {
          stop.abort();
          return void countFirstScreen('late');
        }
        // none: a read the page shows as failed (only the live page can offer 重试)
        if (!screen) return void countFirstScreen('refused');
        const answer = painted(req, path, screen);
        countFirstScreen(answer ? 'painted' : 'failed');
        return answer;
      } catch (err) {
        // a read refused (an expired session, someone else's card) is the app's to say; anything
        // else is a fault of the renderer's, worth a line (the path only: nothing of the holder's)
        const refused = (err as Error | undefined)?.name === 'ApiError';
        if (!refused) req.log.warn({ err, path }, 'first screen not rendered');
        countFirstScreen(refused ? 'refused' : 'failed');
        return undefined;
      }
    },
  };
}

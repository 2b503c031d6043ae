// First-load JS/CSS of a route, computed from Vite's build manifest (apps/web/dist/.vite/manifest.json).
//
// How chunks are attributed to "first load of /login":
//   1. the entry chunk (`isEntry`, normally the key "index.html") and everything it imports
//      statically, transitively (`imports`): the browser fetches all of it before the app runs;
//   2. the route chunk(s) the router loads lazily for /login at start: every dynamic entry
//      (`isDynamicEntry`) whose source path matches the route's page module (default
//      /(^|\/)routes\/account\/Login(\.|\/)/i, i.e. src/routes/account/Login.tsx or
//      src/routes/account/Login/…: /login's page in apps/web/src/config/routes.ts; override with
//      BENCH_LOGIN_SRC), plus their static imports, transitively — minus what step 1 already has;
//   3. CSS: the `css` files of every chunk in 1 and 2.
// Lazy imports *inside* the login page (a dialog loaded on click) are not first load and are not
// counted. The browser cross-check in main.ts (what Chromium actually fetched) catches anything this
// static view misses, e.g. a second lazy chunk that the app shell requests at start.
// Sizes are gzip at zlib's default level, which is what the server's @fastify/compress sends.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

export interface ManifestChunk {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
  assets?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export interface FirstLoad {
  entryKey: string;
  routeKeys: string[];
  /** manifest keys of every chunk counted (entry closure first, then route closure) */
  chunkKeys: string[];
  js: string[];
  css: string[];
}

export const DEFAULT_LOGIN_SRC = /(^|\/)routes\/account\/Login(\.|\/)/i;

function staticClosure(manifest: Manifest, roots: string[], into: string[]): void {
  const stack = [...roots].reverse();
  while (stack.length) {
    const key = stack.pop()!;
    if (into.includes(key)) continue;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`manifest: chunk ${JSON.stringify(key)} is imported but not listed`);
    into.push(key);
    for (const dep of [...(chunk.imports ?? [])].reverse()) stack.push(dep);
  }
}

function entryKeyOf(manifest: Manifest): string {
  const entries = Object.keys(manifest).filter((k) => manifest[k]!.isEntry);
  if (entries.length === 0) throw new Error('manifest: no entry chunk (isEntry)');
  return entries.includes('index.html') ? 'index.html' : entries[0]!;
}

/** The JS and CSS files of the given chunks and their static imports, transitively. */
function filesOf(manifest: Manifest, chunkKeys: string[]) {
  const js: string[] = [];
  const css: string[] = [];
  for (const key of chunkKeys) {
    const c = manifest[key]!;
    if (/\.m?js$/.test(c.file) && !js.includes(c.file)) js.push(c.file);
    if (/\.css$/.test(c.file) && !css.includes(c.file)) css.push(c.file);
    for (const f of c.css ?? []) if (!css.includes(f)) css.push(f);
  }
  return { js, css };
}

/** An app without lazy pages (the bench's peer): the entry and its static imports. */
export function entryFiles(manifest: Manifest): { js: string[]; css: string[] } {
  const chunkKeys: string[] = [];
  staticClosure(manifest, [entryKeyOf(manifest)], chunkKeys);
  return filesOf(manifest, chunkKeys);
}

export function firstLoadFiles(manifest: Manifest, routeSrc: RegExp = DEFAULT_LOGIN_SRC): FirstLoad {
  const entryKey = entryKeyOf(manifest);

  const routeKeys = Object.keys(manifest).filter((k) => {
    const c = manifest[k]!;
    return c.isDynamicEntry && routeSrc.test(c.src ?? k);
  });
  if (routeKeys.length === 0) {
    const dynamic = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry);
    throw new Error(`manifest: no lazy chunk matches ${routeSrc} (dynamic entries: ${dynamic.join(', ') || 'none'})`);
  }

  const chunkKeys: string[] = [];
  staticClosure(manifest, [entryKey], chunkKeys);
  staticClosure(manifest, routeKeys, chunkKeys);

  return { entryKey, routeKeys, chunkKeys, ...filesOf(manifest, chunkKeys) };
}

export interface SizedFile {
  file: string;
  raw: number;
  gzip: number;
}

export function sizeFiles(dist: string, files: string[]): SizedFile[] {
  return files.map((file) => {
    const buf = readFileSync(join(dist, file));
    return { file, raw: buf.length, gzip: gzipSync(buf).length };
  });
}

export const sum = (files: { gzip: number }[]) => files.reduce((n, f) => n + f.gzip, 0);

/**
 * A cold visit of a logged-in page, from the manifest: the entry, what the entry itself loads on
 * any page but /login (its lazy imports other than /login's page: the full shell and the route
 * table's lazy half, main.tsx waits for them) and the page's own chunk, each with its static
 * imports, once. What the browser fetches before the page renders; a dialog's or a gate's code
 * loaded later is not counted. The browser's own count: `npm run bench:pages`,
 * e2e/journeys/firstLoad.e2e.test.ts.
 */
export function coldVisitFiles(manifest: Manifest, pageSrc: string, loginSrc: RegExp = DEFAULT_LOGIN_SRC): FirstLoad {
  const entryKey = entryKeyOf(manifest);
  const routeKeys = Object.keys(manifest).filter((k) => (manifest[k]!.src ?? k) === pageSrc);
  if (routeKeys.length !== 1) throw new Error(`manifest: no chunk for ${pageSrc}`);
  const shell = (manifest[entryKey]!.dynamicImports ?? []).filter((k) => !loginSrc.test(manifest[k]?.src ?? k));
  const chunkKeys: string[] = [];
  staticClosure(manifest, [entryKey], chunkKeys);
  staticClosure(manifest, [...shell, ...routeKeys], chunkKeys);
  return { entryKey, routeKeys, chunkKeys, ...filesOf(manifest, chunkKeys) };
}

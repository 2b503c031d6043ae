// The cold-visit budget of each page a holder opens most, checked in the last build's manifest (no
// browser, no timing): script files and gzip bytes of the entry, the shell a logged-in page waits
// for and the page's own chunk (./bundle.ts coldVisitFiles), against PAGE_COLD_JS_BUDGETS
// (./pages.ts, docs/decisions/0063 and 0068) — as `npm run size` and the /login journey hold
// /login. `npm test` builds first; run alone, build the web app first (npm run build -w apps/web).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { pageModule, routeOf } from '../../apps/web/src/config/routes';
import { coldVisitFiles, firstLoadFiles, sizeFiles, sum, type Manifest } from './bundle';
import { HOLDER_PAGES, LOGIN_JS_BUDGET, PAGE_COLD_JS_BUDGETS } from './pages';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const manifestPath = join(webDist, '.vite/manifest.json');
const built = existsSync(manifestPath);
// under `npm test` the build comes first, so a missing manifest is a failure there, not a skip
const mustHaveBuild = process.env.npm_lifecycle_event === 'test';

describe.skipIf(!built && !mustHaveBuild)('cold visits in the build: every holder page within its budget', () => {
  const manifest = (built ? JSON.parse(readFileSync(manifestPath, 'utf8')) : {}) as Manifest;

  it.each(HOLDER_PAGES.map((p) => [p.path, p.name] as const))('%s (%s)', (path) => {
    expect(built, `${manifestPath} is missing: npm run build -w apps/web`).toBe(true);
    const route = routeOf(path);
    const module = route && pageModule(route);
    expect(module, `no page module for ${path}`).toBeTruthy();
    const files = coldVisitFiles(manifest, `src/${module}.tsx`);
    const gzip = sum(sizeFiles(webDist, files.js));
    const budget = PAGE_COLD_JS_BUDGETS[path];
    const list = files.js.join(', ');
    expect(files.js.length, `${path}: ${files.js.length} script files (${list})`).toBeLessThanOrEqual(budget.files);
    expect(gzip, `${path}: ${gzip} B gzip (${list})`).toBeLessThanOrEqual(budget.gzipBytes);
  });

  it('/login (the first load a visitor gets)', () => {
    const files = firstLoadFiles(manifest);
    expect(files.js.length).toBeLessThanOrEqual(LOGIN_JS_BUDGET.files);
    expect(sum(sizeFiles(webDist, files.js))).toBeLessThanOrEqual(LOGIN_JS_BUDGET.gzipBytes);
  });
});

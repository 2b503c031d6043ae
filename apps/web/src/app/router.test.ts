import { describe, expect, it } from 'vitest';
import { BUILT_ROUTES, pageModule } from '../config/routes';
import pagesSource from './pages.ts?raw';
import routerSource from './router.ts?raw';

const source = routerSource + pagesSource;

// tsc checks that the router binds every page the table names, once; this checks it binds each to
// the module the table points at (src/routes/<area>/<page>.tsx), which the build relies on too.
describe('router', () => {
  it('binds each page to its module under src/routes/<area>/', () => {
    const bound = new Map(
      [...source.matchAll(/^\s+(\w+): \(\) => (?:withTabBar\()?import\('\.\.\/(routes\/\w+\/\w+)'\)\)?,$/gm)].map((m) => [m[1], m[2]]),
    );
    expect(bound.size).toBe(new Set(BUILT_ROUTES.map((r) => r.page)).size);
    for (const r of BUILT_ROUTES) expect(bound.get(r.page!), r.path).toBe(pageModule(r));
  });
});

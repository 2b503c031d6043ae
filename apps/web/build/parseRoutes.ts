// Reads the built routes out of src/app/routes.ts for the build (the config cannot import the
// route table: it lazy-imports the pages). src/app/routes.test.ts keeps the two in agreement.
export interface PageRoute {
  path: string;
  /** module name under src/pages */
  page: string;
  noLogin: boolean;
}

/** `{ path: '/x', … meta: …, load: () => import('../pages/X') }`, one route per line. */
export function builtRoutes(routesSource: string): PageRoute[] {
  const out: PageRoute[] = [];
  for (const line of routesSource.split('\n')) {
    const m = /path: '([^']+)'.*meta: (NO_LOGIN|\{[^}]*\}).*import\('\.\.\/pages\/(\w+)'\)/.exec(line);
    if (m) out.push({ path: m[1], page: m[3], noLogin: m[2] === 'NO_LOGIN' || /noLogin: true/.test(m[2]) });
  }
  return out;
}

// The zod-free route constants (routes/*.ts) are derived from the declarations, not written: an
// endpoint is declared once, with its route, in portal/<area>.ts or admin/<area>.ts, and
// `npm run routes` (scripts/build/routes.ts) writes each area's constants with the text below; a
// unit test (scripts/build/routes.test.ts) fails when a file differs from what it would write. The
// browsers import the constants, so a page's bundle carries only the strings it calls, not zod.
import type { Route } from './route';

/** An area's endpoints as declareArea() returns them: each with its route. */
export type DeclaredArea = Readonly<Record<string, { readonly route: Route }>>;

/** Is this export of a declarations file its area (the value declareArea() returned)? */
export function isDeclaredArea(value: unknown): value is DeclaredArea {
  if (typeof value !== 'object' || value === null || Object.keys(value).length === 0) return false;
  return Object.entries(value).every(
    ([name, e]) =>
      typeof e === 'object' &&
      e !== null &&
      (e as { name?: unknown }).name === name &&
      typeof (e as { route?: unknown }).route === 'string',
  );
}

/** routes/<area>.ts (portal) or routes/admin/<area>.ts (console): one constant an endpoint, in declaration order. */
export function routesFileText(area: string, endpoints: DeclaredArea, console: boolean): string {
  const from = console ? `../../admin/${area}.ts` : `../portal/${area}.ts`;
  const lines = Object.entries(endpoints).map(([name, e]) => `export const ${name} = '${e.route}';`);
  return `// Written by \`npm run routes\` from ${from}, where each endpoint is declared: do not edit.\n\n${lines.join('\n')}\n`;
}

/** routes/index.ts (portal) or routes/admin.ts (console): the namespace of every route constant. */
export function routesIndexText(areas: readonly string[], console: boolean): string {
  const head = console
    ? `// Every operator-console endpoint's route, one export each: "METHOD /path" under /api, all under
// /admin. Written by \`npm run routes\` from ../admin/<area>.ts (../routesFile.ts): do not edit. The
// console imports this namespace (\`import * as admin from '@portal/contract/routes/admin'\`).`
    : `// Every portal endpoint's route, one export each: "METHOD /path" under /api. Written by
// \`npm run routes\` from ../portal/<area>.ts (../routesFile.ts): do not edit. Zod-free and split by
// area, so that a page's bundle carries only the routes of the areas it calls (the login page's
// first load has a budget); the web imports one file (\`import * as api from
// '@portal/contract/routes/cards'\`). This module's namespace is the list of portal endpoints.`;
  const lines = areas.map((a) => `export * from './${console ? `admin/${a}` : a}';`);
  return `${head}\n${lines.join('\n')}\n`;
}

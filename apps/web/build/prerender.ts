// The login page's markup, rendered at build time, so /login paints before any script has run
// (docs/decisions/0025-first-load.md). A second, server-side Vite build of ./prerenderLogin.tsx
// (React's renderToStaticMarkup) whose CSS-module class names are the browser build's: same root,
// same files, same naming.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

/** Renders /login's neutral markup with the app at `root` (apps/web). */
export async function prerenderLogin(root: string): Promise<string> {
  const { build } = await import('vite');
  // inside the repo, so that Node finds react for the built module
  const cache = join(root, 'node_modules/.cache');
  mkdirSync(cache, { recursive: true });
  const outDir = mkdtempSync(join(cache, 'prerender-'));
  try {
    await build({
      root,
      configFile: false,
      logLevel: 'warn',
      oxc: { jsx: { runtime: 'automatic' } },
      build: {
        ssr: join(root, 'build/prerenderLogin.tsx'),
        outDir,
        emptyOutDir: true,
        minify: false,
        rolldownOptions: {
          output: { entryFileNames: 'prerenderLogin.mjs' },
          onwarn(warning, warn) {
            if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
          },
        },
      },
    });
    const mod = (await import(pathToFileURL(join(outDir, 'prerenderLogin.mjs')).href)) as { renderLogin(): string };
    return mod.renderLogin();
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}

/**
 * The prerendered page as it goes into #root: `inert` (no focus, no tap, no typing) until the app
 * replaces it, so nothing typed into it can be lost; inputs read-only as well for the browsers that
 * do not know `inert` yet.
 */
export function bootMarkup(loginMarkup: string): string {
  const readOnly = loginMarkup.replace(/<input\b/g, '<input readonly=""');
  return `<div data-prerendered="/login" inert="">${readOnly}</div>`;
}

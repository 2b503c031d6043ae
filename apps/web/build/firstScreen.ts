// The holder's first screen rendered by the server (src/firstScreen/render.tsx,
// docs/decisions/0082-the-first-screen-in-the-html.md): a second, server-side Vite build of it
// after the browser's, into dist-server/ beside dist/ (not served: it is the server's code). The
// same root, files and naming as the browser build, so its markup carries the browser's CSS-module
// class names; Preact as in the browser; every library bundled in, so the server's runtime tree
// needs nothing of the web's dependencies.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';
import { PREACT_ALIASES } from './preact.ts';

/** Where the server finds the module and each page's stylesheets (build/firstPaint.ts), beside
 *  the web's dist/. */
export const FIRST_SCREEN_MODULE = 'dist-server/firstScreen.mjs';
export const FIRST_SCREEN_STYLES = 'dist-server/firstScreenStyles.json';

export async function buildFirstScreen(root: string): Promise<void> {
  const { build } = await import('vite');
  await build({
    root,
    configFile: false,
    publicDir: false,
    logLevel: 'warn',
    resolve: { alias: PREACT_ALIASES },
    oxc: { jsx: { runtime: 'automatic' } },
    ssr: { noExternal: true, target: 'node' },
    build: {
      ssr: join(root, 'src/firstScreen/render.tsx'),
      outDir: join(root, 'dist-server'),
      emptyOutDir: true,
      minify: false,
      target: 'node20',
      rolldownOptions: {
        output: { entryFileNames: 'firstScreen.mjs', codeSplitting: false },
        onwarn(warning, warn) {
          if (warning.code !== 'MODULE_LEVEL_DIRECTIVE') warn(warning);
        },
      },
    },
  });
}

/** Builds it once the browser's build is written (`vite build` makes both), with each page's
 *  stylesheets as the browser's build linked them. */
export function firstScreenBuild(pageStyles: () => Record<string, string[]>): Plugin {
  let root = '';
  return {
    name: 'portal-first-screen',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async closeBundle() {
      await buildFirstScreen(root);
      writeFileSync(join(root, FIRST_SCREEN_STYLES), JSON.stringify(pageStyles()));
    },
  };
}

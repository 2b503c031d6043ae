import { spawnSync } from 'node:child_process';
import { existsSync, globSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { PREACT_ALIASES } from './apps/web/build/preact.ts';

// The project runs on the Node 24 LTS that `npm install` brings (docs/decisions/0023); `npm test`,
// `npm run test:*` and `npx vitest` find it first on the PATH. Started any other way — an editor,
// `./node_modules/.bin/vitest` under the machine's older Node — vitest would run the suite on that
// Node (its reporter crashes on Node 20), so the command line is run again on the project's Node,
// and anything else is told why it cannot go on.
const NODE_MAJOR = Number(process.versions.node.split('.')[0]);
if (NODE_MAJOR < 24) {
  const projectNode = join(dirname(fileURLToPath(import.meta.url)), 'node_modules/node/bin/node');
  const cli = process.argv[1] ?? '';
  if (existsSync(projectNode) && /vitest(\.mjs)?$/.test(cli) && !process.env.VITEST_ON_PROJECT_NODE) {
    const run = spawnSync(projectNode, process.argv.slice(1), {
      stdio: 'inherit',
      env: { ...process.env, VITEST_ON_PROJECT_NODE: '1' },
    });
    process.exit(run.status ?? 1);
  }
  throw new Error(
    `vitest is running on Node ${process.versions.node}; this project's tests run on Node 24 ` +
      '(node_modules/node/bin/node, installed by `npm install`). Run them with `npm test`, `npm run test:unit` or ' +
      '`npx vitest`, or point your editor at that Node (the Vitest extension\'s "vitest.nodeExecutable").',
  );
}

// Projects, selected with `vitest run --project <name>` (see the root package.json scripts):
//   unit, unit-isolated  pure logic next to the code; no server, no database, no browser (the
//         console's components render in happy-dom, a simulated DOM, by the `@vitest-environment`
//         line of their test file, in unit-isolated: see UNIT_ISOLATED).
//   unit-web  the portal's components in happy-dom, on Preact as the H5 ships (see UNIT_WEB).
//   api   the Fastify app through app.inject(); each file runs on SQLite and, when
//         TEST_DATABASE_URL is set, on PostgreSQL too (apps/server/test/harness.ts decides).
//   e2e   real server process + Debian's Chromium (e2e/harness.ts); slow, two files at a time.
// CI is a 2-core machine: the e2e project runs two files at a time, the api project (which mostly waits) three.
/**
 * Journeys that have timed out only when another journey ran beside them on a busy 2-core machine
 * (the box-scan dialog of the device area, the commission journey that moves the simulated clock a
 * week); they pass alone every time. They run one at a time after the rest (project e2e-alone)
 * rather than get longer waits that would hide a real slowdown.
 */
const E2E_ALONE = [
  'e2e/journeys/deviceArea.e2e.test.ts',
  'e2e/journeys/consoleCommissions.e2e.test.ts',
  // each timed out once beside another file in a full run and passed alone
  'e2e/journeys/consoleApprovals.e2e.test.ts',
  'e2e/journeys/routers.e2e.test.ts',
];

/** Where the unit tests are: pure logic next to the code, and components in happy-dom. */
const UNIT_INCLUDE = [
  'packages/**/src/**/*.test.ts',
  'apps/web/src/**/*.test.ts',
  'apps/console/src/**/*.test.ts',
  // the console's and the portal's components, in happy-dom (each such file says `@vitest-environment happy-dom`)
  'apps/console/src/**/*.test.tsx',
  'apps/web/src/**/*.test.tsx',
  'apps/server/src/**/*.test.ts',
  'scripts/**/*.test.ts',
  // the web build's own pieces (apps/web/build)
  'apps/web/build/**/*.test.ts',
];

/**
 * The unit files that need modules of their own: a component rendered in happy-dom (React and
 * antd keep state in their modules, and 17 tests of 8 such files failed after another file's
 * render), or a file that replaces a module or a global (vi.mock, vi.stubGlobal, …). Found by
 * reading the files, so a new one is placed without a list to keep. Every other unit file runs in
 * its worker's modules, as the API suite does: evaluating the imports again for each file was
 * most of the project's time (25 s of CPU against 5 s for the server's 37 module test files).
 */
const OWN_MODULES = /@vitest-environment|vi\.(mock|doMock|stubGlobal|stubEnv|resetModules)\(/;
const unitFiles = globSync(UNIT_INCLUDE).filter((f) => !f.includes('node_modules/') && !f.includes('/dist/'));
/**
 * The portal's components render on Preact, as the H5 ships (apps/web/build/preact.ts,
 * docs/decisions/0079-the-h5-renders-with-preact.md): their files run in a project of their own
 * (unit-web) with React aliased to preact/compat; the console's stay on React in unit-isolated.
 */
const UNIT_WEB = unitFiles.filter((f) => f.startsWith('apps/web/') && f.endsWith('.tsx'));
const UNIT_ISOLATED = unitFiles.filter((f) => !UNIT_WEB.includes(f) && (f.endsWith('.tsx') || OWN_MODULES.test(readFileSync(f, 'utf8'))));
const UNIT_SHARED = unitFiles.filter((f) => !UNIT_ISOLATED.includes(f) && !UNIT_WEB.includes(f));

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          environment: 'node',
          // TEST_TODAY moves "today" (scripts/test/dates.sh); nothing without it
          setupFiles: ['scripts/test/shiftedToday.ts'],
          include: UNIT_SHARED,
          // files one after another in a worker's modules (see UNIT_ISOLATED)
          isolate: false,
          testTimeout: 30_000,
        },
      },
      {
        test: {
          name: 'unit-isolated',
          environment: 'node',
          // Testing Library's waits sized for a busy machine (scripts/test/testingLibrary.ts)
          setupFiles: ['scripts/test/shiftedToday.ts', 'scripts/test/testingLibrary.ts'],
          // antd components in happy-dom take seconds to import and render on a busy 2-core machine
          // (7 tests once failed at the 5 s default beside another CPU-heavy process, one at 30 s in
          // a run at load 22 beside the API step and a bench); no unit test waits on time, so a
          // longer limit hides no slowness a bench would not show
          testTimeout: 90_000,
          include: UNIT_ISOLATED,
        },
      },
      {
        // as unit-isolated, with `react` resolved to Preact; the libraries that import react go
        // through vitest's transform (inline), not straight to Node, so that the aliases reach them
        resolve: {
          alias: [
            ...PREACT_ALIASES,
            // its ES module build: the CommonJS one would require react-dom past the aliases
            { find: /^@testing-library\/react$/, replacement: '@testing-library/react/dist/@testing-library/react.esm.js' },
          ],
        },
        test: {
          name: 'unit-web',
          environment: 'node',
          setupFiles: ['scripts/test/shiftedToday.ts', 'scripts/test/testingLibrary.ts'],
          // as unit-isolated's: a happy-dom render on a starved machine, not a timed test
          testTimeout: 90_000,
          include: UNIT_WEB,
          server: { deps: { inline: [/@tanstack[\\/]react-query/] } },
        },
      },
      {
        test: {
          name: 'api',
          environment: 'node',
          setupFiles: ['scripts/test/shiftedToday.ts'],
          include: ['apps/server/test/**/*.test.ts'],
          exclude: ['**/node_modules/**'],
          // one database (per kind) migrated and seeded per run, which each file's is copied from
          globalSetup: ['apps/server/test/globalSetup.ts'],
          // Each file builds its own app and database; PostgreSQL databases are created per file.
          // Files share a worker's modules (the server's ~1,500 are evaluated once a worker, not once
          // a file: 86 s of CPU against 35 s for 15 files); what a file changes of the shared ones
          // it sets back (the harness resets the clock before and after every file, spies restore).
          isolate: false,
          // Three at once on 2 cores: a file waits on a database, a child process or a simulated
          // platform more than it computes (two workers used 0.4 of a core: 301 s of CPU in 746 s)
          maxWorkers: 3,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.e2e.test.ts'],
          setupFiles: ['e2e/setup.ts'],
          exclude: ['**/node_modules/**', ...E2E_ALONE],
          // one database migrated and seeded per run, copied for each journey's server
          globalSetup: ['e2e/globalSetup.ts'],
          // A worker runs file after file in one process, so the harness's one Chromium serves
          // them all (a fresh context per phone); each file still has its own server and database.
          isolate: false,
          // Every file starts its own server (a free port, its own temporary database) and spends
          // most of its time waiting on it and the browser (measured: a file's CPU time is a
          // quarter of its wall time), so two files side by side on 2 cores nearly halve the step.
          // What that costs is slack: under load a page answers later, so nothing may wait on a
          // short default. Playwright's waits default to 30 s; expect.poll's 1 s default is raised
          // here. Generous test and hook timeouts for the same reason.
          // Two at once: a run's e2e step used 415 s of CPU in 879 s with two. Three (tried again
          // 2026-12-03, docs/test-suite-speed.md) starve the checks beside them on a loaded machine:
          // with a bench running too, 14 API and unit tests timed out.
          maxWorkers: 2,
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'e2e-alone',
          environment: 'node',
          include: E2E_ALONE,
          setupFiles: ['e2e/setup.ts'],
          exclude: ['**/node_modules/**'],
          globalSetup: ['e2e/globalSetup.ts'],
          isolate: false,
          // the journeys that lose their timing beside another file: one at a time, after the others
          fileParallelism: false,
          expect: { poll: { timeout: 10_000 } },
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

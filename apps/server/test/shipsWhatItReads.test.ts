// The artefact carries what it reads (docs/decisions/0055). The server is compiled into one bundle,
// so a file its source finds beside itself (new URL('./…', import.meta.url)), a path literal it
// reads, or a folder config.ts resolves from the repository root as a default is there at run time
// only if the build copies it into the output or the Dockerfile's runtime stage copies it into the
// image. The server once read its router base maps from ./models/ beside the code: every test ran
// from src/, where they exist, and the compiled server refused to start with ACS_URL set.
// This file builds the server with the real build script into a folder of its own (so it holds when
// run alone, whatever dist/ holds) and checks every such path against that output and the image.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtCommandName } from '../../../scripts/test/serverEntry';
import { buildServer, imageHolds, REPO_ROOT, runtimeCopies, runtimeLayout } from './shipped';

/** The source the server bundle is made of: the server and the workspace packages it bundles. */
const SOURCE_DIRS = ['apps/server/src', 'packages/contract/src', 'packages/domain/src'];

/** Paths config.ts resolves from the repository root that the server writes, not reads; each with why. */
const WRITTEN: Record<string, string> = {
  'data/portal.db': 'the SQLite file: created by the server (db/connect.ts makes its folder); a deployment names DATABASE_URL',
};

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const path = join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [path] : [];
  });
}

const FILES = SOURCE_DIRS.flatMap((d) => sourceFiles(resolve(REPO_ROOT, d))).map((f) => ({
  file: relative(REPO_ROOT, f),
  text: readFileSync(f, 'utf8'),
}));

/** new URL('./…', import.meta.url) in the source: a path beside the running code. */
const URL_BESIDE = /new URL\(\s*(['"`])(\.{1,2}(?:\/[^'"`]*)?)\1\s*,\s*import\.meta\.url\s*\)/g;
/** A file-system read of a path literal. */
const LITERAL_READ = /\b(readFileSync|readFile|readdirSync|readdir|createReadStream|opendirSync|opendir)\(\s*(['"`])([^'"`]+)\2/g;

const besideTheCode = FILES.flatMap(({ file, text }) => [...text.matchAll(URL_BESIDE)].map((m) => ({ file, path: m[2]! })));
const literalReads = FILES.flatMap(({ file, text }) => [...text.matchAll(LITERAL_READ)].map((m) => ({ file, call: m[1]!, path: m[3]! })));

/** The defaults config.ts resolves from the repository root: resolve(repoRoot, '…') and resolve(repoRoot, e.NAME) with NAME's text('…') default. */
function repoRootDefaults(): string[] {
  // config.ts and each integration's settings beside it (integrations/<x>/settings.ts, which
  // config.ts hands the repository root), read as one text
  const integrations = resolve(REPO_ROOT, 'apps/server/src/integrations');
  const settings = readdirSync(integrations)
    .map((dir) => join(integrations, dir, 'settings.ts'))
    .filter((file) => existsSync(file));
  const config = [resolve(REPO_ROOT, 'apps/server/src/config.ts'), ...settings].map((file) => readFileSync(file, 'utf8')).join('\n');
  const literal = [...config.matchAll(/resolve\(\s*repoRoot\s*,\s*'([^']+)'\s*\)/g)].map((m) => m[1]!);
  const fromEnv = [...config.matchAll(/resolve\(\s*repoRoot\s*,\s*e\.(\w+)\s*\)/g)].map((m) => {
    const def = new RegExp(`\\b${m[1]}:\\s*text\\('([^']+)'\\)`).exec(config);
    if (!def) throw new Error(`config.ts resolves ${m[1]} from the repository root but its default is not a text('…') literal`);
    return def[1]!;
  });
  return [...new Set([...literal, ...fromEnv])];
}

describe('the Dockerfile runtime stage, read as the tests read it', () => {
  const SAMPLE = [
    'FROM node:24 AS build',
    'WORKDIR /app',
    'COPY . .',
    'FROM node:24-slim AS runtime',
    'WORKDIR /app',
    'COPY package.json package-lock.json ./',
    'COPY apps/server/package.json apps/server/',
    'COPY --from=build /app/apps/server/dist apps/server/dist',
    'COPY deploy/device-models deploy/device-models',
    'COPY --from=build /app/apps/web/dist \\',
    '  /app/apps/web/dist',
  ].join('\n');
  const copies = runtimeCopies(SAMPLE);

  it.each([
    ['package.json', 'package.json', null],
    ['package-lock.json', 'package-lock.json', null],
    ['apps/server/package.json', 'apps/server/package.json', null],
    ['apps/server/dist', 'apps/server/dist', 'build'],
    ['deploy/device-models', 'deploy/device-models', null],
    ['apps/web/dist', 'apps/web/dist', 'build'],
  ])('%s lands at %s (from %s)', (source, dest, from) => {
    expect(runtimeLayout(copies)).toContainEqual({ source, dest, from });
  });

  it.each([
    ['apps/server/dist/main.js', true],
    ['deploy/device-models/zte-mu5001.json', true],
    ['apps/web/dist', true],
    ['apps/console/dist', false],
    ['deploy', false],
    ['apps/server/src/main.ts', false],
  ])('the image holds %s: %s', (path, held) => {
    expect(imageHolds(path, copies)).toBe(held);
  });

  it('only the runtime stage counts: the build stage copies everything', () => {
    expect(copies.some((c) => c.sources.includes('.'))).toBe(false);
  });
});

describe('the compiled server carries every file the server reads', () => {
  const outdir = mkdtempSync(join(tmpdir(), 'portal-build-'));
  afterAll(() => rmSync(outdir, { recursive: true, force: true }));
  beforeAll(() => buildServer(outdir), 60_000);

  it('finds what it looks for (a scan that finds nothing proves nothing)', () => {
    expect(FILES.length).toBeGreaterThan(100);
    expect(FILES.some((f) => f.file === 'apps/server/src/config.ts')).toBe(true);
    expect(repoRootDefaults()).toEqual(expect.arrayContaining(['deploy/device-models', 'apps/web/dist', 'apps/console/dist']));
  });

  it('every path beside the code is in the build output (or is the code’s own folder)', () => {
    const missing = besideTheCode
      .filter(({ path }) => path !== '.' && path !== './')
      .filter(({ path }) => !existsSync(resolve(outdir, path)))
      .map(({ file, path }) => `${file}: new URL('${path}', import.meta.url) — not in the build output; import it (bundled) or copy it`);
    expect(missing).toEqual([]);
  });

  it('the built bundle itself refers to nothing beside it that is not there', () => {
    const built = readdirSync(outdir).filter((f) => f.endsWith('.js'));
    expect(built).toContain('main.js');
    const missing = built.flatMap((f) =>
      [...readFileSync(join(outdir, f), 'utf8').matchAll(/new URL\(\s*"(\.[^"]*)"\s*,\s*import\.meta\.url\s*\)/g)]
        .map((m) => m[1]!)
        .filter((p) => p !== '.' && p !== './' && !existsSync(resolve(outdir, p)))
        .map((p) => `${f}: ${p}`),
    );
    expect(missing).toEqual([]);
  });

  it('every operator command is built, and every compiled command the README names exists', () => {
    const commands = readdirSync(resolve(REPO_ROOT, 'apps/server/src/cli')).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
    expect(commands).toContain('createAdmin.ts');
    const named = [...readFileSync(resolve(REPO_ROOT, 'README.md'), 'utf8').matchAll(/apps\/server\/dist\/([\w-]+\.js)/g)].map(
      (m) => m[1]!,
    );
    expect(named).toContain('create-admin.js');
    const missing = [...commands.map(builtCommandName), ...named].filter((f) => !existsSync(join(outdir, f)));
    expect(missing).toEqual([]);
  });

  it('a path literal read from the file system is in the build output or in the image', () => {
    const missing = literalReads
      .filter(({ path }) => !existsSync(resolve(outdir, path)) && !imageHolds(path))
      .map(({ file, call, path }) => `${file}: ${call}('${path}') — neither in the build output nor copied by the Dockerfile`);
    expect(missing).toEqual([]);
  });

  it('every folder config.ts finds from the repository root is in the image, and exists where the image takes it from', () => {
    const layout = runtimeLayout();
    const problems: string[] = [];
    for (const path of repoRootDefaults()) {
      if (WRITTEN[path]) continue;
      const copy = layout.find(({ dest }) => path === dest || path.startsWith(`${dest}/`));
      if (!copy) {
        problems.push(`${path}: config.ts reads it by default; the Dockerfile's runtime stage does not copy it`);
        continue;
      }
      // a copy from the build context must exist in the repository; one from the build stage is a
      // build output (the web apps' dist/, made by npm run build before the image copies them)
      if (copy.from === null && !existsSync(resolve(REPO_ROOT, copy.source)))
        problems.push(`${path}: the Dockerfile copies ${copy.source}, which the repository does not have`);
    }
    expect(problems).toEqual([]);
  });

  it('the image carries the compiled server and the manifests its dependencies are installed from', () => {
    for (const path of ['apps/server/dist/main.js', 'package.json', 'package-lock.json', 'apps/server/package.json'])
      expect(imageHolds(path), path).toBe(true);
    // and what the image's server reads from dist/ is what this build made: no file but the bundle's
    expect(statSync(join(outdir, 'main.js')).size).toBeGreaterThan(0);
  });
});

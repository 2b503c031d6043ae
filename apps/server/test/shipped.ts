// What ships, as the tests see it (docs/decisions/0055): the compiled server built by the same
// script `npm run build` runs (into a folder of the test's own), and the Dockerfile's runtime stage
// read line by line, so a test of the artefact and the image agree on what the image carries.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = resolve(fileURLToPath(new URL('.', import.meta.url)), '../../..');

/** Compiles the server with scripts/build/server.mjs into `outdir` (a few seconds with esbuild). */
export function buildServer(outdir: string): void {
  execFileSync(process.execPath, ['scripts/build/server.mjs', `--outdir=${outdir}`], { cwd: REPO_ROOT, stdio: 'pipe' });
}

export interface RuntimeCopy {
  /** the build stage's name (--from=build), or null for the build context (the repository) */
  from: string | null;
  /** sources, relative to the repository (or to the build stage's WORKDIR) */
  sources: string[];
  /** destination, relative to the runtime stage's WORKDIR (with a trailing / for a folder of several sources) */
  dest: string;
}

/** The COPY lines of the Dockerfile's runtime stage (FROM … AS runtime up to the next FROM). */
export function runtimeCopies(dockerfile = readFileSync(resolve(REPO_ROOT, 'Dockerfile'), 'utf8')): RuntimeCopy[] {
  const lines = dockerfile.replace(/\\\n/g, ' ').split('\n');
  const start = lines.findIndex((l) => /^FROM\s+\S+\s+AS\s+runtime\b/i.test(l.trim()));
  if (start < 0) throw new Error('Dockerfile: no runtime stage (FROM … AS runtime)');
  const end = lines.findIndex((l, i) => i > start && /^FROM\s/i.test(l.trim()));
  const stage = lines.slice(start + 1, end < 0 ? undefined : end);
  const workdir = stage.map((l) => /^WORKDIR\s+(\S+)/i.exec(l.trim())?.[1]).find(Boolean) ?? '/';
  const out: RuntimeCopy[] = [];
  for (const line of stage) {
    const m = /^COPY\s+(.*)$/i.exec(line.trim());
    if (!m) continue;
    const words = m[1]!.split(/\s+/);
    const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length) ?? null;
    const paths = words.filter((w) => !w.startsWith('--'));
    const dest = paths.pop()!;
    // the build stage copies the repository to /app: a source there is the repository's path
    const sources = paths.map((p) => (from ? posix.relative('/app', p) : p));
    const inWorkdir = posix.relative(workdir, posix.resolve(workdir, dest)) || '.';
    out.push({ from, sources, dest: inWorkdir + (dest.endsWith('/') && inWorkdir !== '.' ? '/' : '') });
  }
  return out;
}

/** Where each source lands in the runtime tree (a source copied into a folder keeps its name). */
export function runtimeLayout(copies: RuntimeCopy[] = runtimeCopies()): { source: string; from: string | null; dest: string }[] {
  return copies.flatMap((c) =>
    c.sources.map((source) => ({
      source,
      from: c.from,
      dest:
        c.dest.endsWith('/') || c.dest === '.' || c.sources.length > 1
          ? posix.join(c.dest, posix.basename(source))
          : c.dest.replace(/\/$/, ''),
    })),
  );
}

/** Whether the runtime tree holds this path (relative to its WORKDIR): copied itself or inside a copied folder. */
export function imageHolds(path: string, copies: RuntimeCopy[] = runtimeCopies()): boolean {
  return runtimeLayout(copies).some(({ dest }) => path === dest || path.startsWith(`${dest}/`));
}

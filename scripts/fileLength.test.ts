// No hand-written source file a reader must scroll: every .ts, .tsx and .css file of the apps, the
// packages, the browser journeys and the scripts stays at 500 lines or fewer. Test files count: they
// are written and read by hand like the code they prove. Migrations and generated files do not
// count (MACHINE_WRITTEN); the files still longer are listed, each with its length today as a cap and
// why (LONGER), and an entry fails once its file is short enough, so the list only shrinks.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const MAX_LINES = 500;
const root = join(import.meta.dirname, '..');
const SOURCE = /^(apps\/[^/]+\/(src|test)|packages\/[^/]+\/src|e2e|scripts)\/.*\.(tsx?|css)$/;

/** Not written by hand, by name: what a tool writes or the migrations' history. */
const MACHINE_WRITTEN: readonly { readonly prefix: string; readonly why: string }[] = [
  { prefix: 'apps/server/src/db/migrations/', why: 'migrations: a history, each file the change of its day, never edited afterwards' },
  { prefix: 'packages/contract/src/routes/', why: 'written by `npm run routes` from the declarations (docs/decisions/0073)' },
];

/** Longer than MAX_LINES today: cap (its length when listed) and why. */
const LONGER: Readonly<Record<string, { readonly cap: number; readonly why: string }>> = {};

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' })
  .split('\n')
  .filter((f) => SOURCE.test(f) && !f.includes('/node_modules/') && existsSync(join(root, f)));
const handWritten = files.filter((f) => !MACHINE_WRITTEN.some((m) => f.startsWith(m.prefix)));
const lines = (f: string) => readFileSync(join(root, f), 'utf8').replace(/\n$/, '').split('\n').length;

describe(`hand-written source files (at most ${MAX_LINES} lines)`, () => {
  it('finds the files it measures', () => {
    expect(handWritten.length).toBeGreaterThan(1000);
    expect(handWritten).toContain('apps/server/src/db/schema.ts');
    expect(handWritten).toContain('apps/server/test/harness.ts');
  });

  it(`keeps every file at ${MAX_LINES} lines or fewer, or under its listed cap`, () => {
    const over = handWritten
      .map((f) => ({ f, n: lines(f) }))
      .filter(({ f, n }) => n > (LONGER[f]?.cap ?? MAX_LINES))
      .map(({ f, n }) => `${f}: ${n} lines`);
    expect(over, 'split these by what they do').toEqual([]);
  });

  it('lists no file that is short enough, or gone', () => {
    const stale = Object.keys(LONGER).filter((f) => !existsSync(join(root, f)) || lines(f) <= MAX_LINES);
    expect(stale, 'remove these from LONGER').toEqual([]);
  });
});

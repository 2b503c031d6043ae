// Query keys from one place (lib/queryKeys.ts): a key written inline elsewhere would not be reached by
// the invalidation of its area, and two features could name the same data two ways.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = join(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('query keys', () => {
  it('no query key is written as an array outside lib/queryKeys.ts', () => {
    const inline = sources(SRC)
      .filter((f) => !f.endsWith(join('lib', 'queryKeys.ts')))
      .flatMap((f) =>
        readFileSync(f, 'utf8')
          .split('\n')
          .map((line, i) => ({ at: `${relative(SRC, f)}:${i + 1}`, line }))
          .filter(({ line }) => /queryKey:\s*\[\s*['"]/.test(line) || /Key\s*=\s*\([^)]*\)\s*=>\s*\[\s*['"]/.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(inline).toEqual([]);
  });
});

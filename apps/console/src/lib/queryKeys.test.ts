// Query keys from one place (lib/queryKeys.ts): a key written inline elsewhere would not be reached by
// the invalidation of its area, and two features could name the same data two ways.
import { describe, expect, it } from 'vitest';

// every source of the console, as text (Vite's glob: the same files the build sees)
const SOURCES = import.meta.glob<string>(['../**/*.ts', '../**/*.tsx', '!../**/*.test.ts', '!../**/*.test.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

describe('query keys', () => {
  it('no query key is written as an array outside lib/queryKeys.ts', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(100);
    const inline = Object.entries(SOURCES)
      .filter(([path]) => path !== '../lib/queryKeys.ts')
      .flatMap(([path, text]) =>
        text
          .split('\n')
          .map((line, i) => ({ at: `${path}:${i + 1}`, line }))
          .filter(({ line }) => /queryKey:\s*\[\s*['"]/.test(line) || /Key\s*=\s*\([^)]*\)\s*=>\s*\[\s*['"]/.test(line)),
      )
      .map(({ at, line }) => `${at}: ${line.trim()}`);
    expect(inline).toEqual([]);
  });
});

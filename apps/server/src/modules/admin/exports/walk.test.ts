import { describe, expect, it } from 'vitest';
import { walkPages } from './walk';

/** A keyset list over ids 1..n, ascending. */
function list(n: number) {
  const calls: { after: number | undefined; limit: number }[] = [];
  const page = async (after: number | undefined, limit: number) => {
    calls.push({ after, limit });
    const from = after ?? 0;
    return Array.from({ length: Math.max(0, Math.min(limit, n - from)) }, (_, i) => ({ id: from + i + 1 }));
  };
  return { page, calls };
}

describe('walkPages', () => {
  it.each([
    // n rows, cap, batch → rows answered, truncated, pages read
    [0, 100, 10, 0, false, 1],
    [5, 100, 10, 5, false, 1],
    [10, 100, 10, 10, false, 2],
    [25, 100, 10, 25, false, 3],
    [100, 100, 10, 100, false, 11],
    [101, 100, 10, 100, true, 11],
    [1000, 30, 10, 30, true, 4],
    [30, 30, 10, 30, false, 4],
  ])('%i rows, cap %i, batch %i → %i rows, truncated %s, %i pages', async (n, cap, batch, count, truncated, pages) => {
    const { page, calls } = list(n);
    const r = await walkPages(page, (row) => row.id, cap, batch);
    expect(r.rows.map((x) => x.id)).toEqual(Array.from({ length: count }, (_, i) => i + 1));
    expect(r.truncated).toBe(truncated);
    expect(calls).toHaveLength(pages);
    // each page continues after the last key of the previous one
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.after).toBe(i * batch);
  });
});

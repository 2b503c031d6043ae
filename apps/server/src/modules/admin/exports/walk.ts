// How an export reads a list: the list's own keyset page function, called page after page until
// the filtered set ends or the export's cap is reached — the whole filtered set, never one big
// OFFSET, and never more than `cap` rows in memory.
export const EXPORT_BATCH = 500;

/**
 * Walks a keyset-paged list. `page(after, limit)` answers the rows after the key `after`
 * (undefined: from the start) in the list's order; `keyOf` gives a row's key.
 */
export async function walkPages<R>(
  page: (after: number | undefined, limit: number) => Promise<readonly R[]>,
  keyOf: (row: R) => number,
  cap: number,
  batch = EXPORT_BATCH,
): Promise<{ rows: R[]; truncated: boolean }> {
  const rows: R[] = [];
  let after: number | undefined;
  for (;;) {
    const want = Math.min(batch, cap - rows.length + 1);
    const got = await page(after, want);
    rows.push(...got);
    if (rows.length > cap) return { rows: rows.slice(0, cap), truncated: true };
    if (got.length < want || got.length === 0) return { rows, truncated: false };
    after = keyOf(got[got.length - 1]!);
  }
}

/** cards.package_series_ids is JSON; anything but a list of integers counts as no series. */
export function seriesIdsOf(raw: string): number[] {
  try {
    const ids: unknown = JSON.parse(raw);
    return Array.isArray(ids) ? ids.filter((x): x is number => Number.isInteger(x)) : [];
  } catch {
    return [];
  }
}

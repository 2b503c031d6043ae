// The head script's route table, smaller (apps/web/build/firstPaint.ts): built here, decoded there.

/** A route table with each row's files as places in one list of every file named once: the pages
 *  share most of their files, and the table was most of the HTML's inline script (29 of 33 kB). */
export function byFileIndex<Row extends [number, string[], ...string[]]>(
  table: Record<string, Row>,
): { files: string[]; rows: Record<string, [number, number[], ...string[]]> } {
  const files: string[] = [];
  const place = new Map<string, number>();
  const at = (f: string) => {
    let i = place.get(f);
    if (i === undefined) place.set(f, (i = files.push(f) - 1));
    return i;
  };
  const rows: Record<string, [number, number[], ...string[]]> = {};
  for (const [path, [flag, list, ...reads]] of Object.entries(table)) rows[path] = [flag, list.map(at), ...reads];
  return { files, rows };
}

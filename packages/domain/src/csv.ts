// CSV for "导出": UTF-8 with a byte-order mark (Excel then reads Chinese right), CRLF rows, RFC 4180
// quoting, and formula-injection safe — a cell starting with = + - @ (or a tab / carriage return)
// gets a leading apostrophe, so a spreadsheet shows text instead of running it. So does such a
// character after a ";" (docs/decisions/0028): Excel in locales whose list separator is ";" splits the cell
// there, and the piece would start a formula; a cell holding ";" is also quoted, which keeps it
// one cell in those locales. Pure; every admin list's export
// uses it, and so does the console for the files it makes itself (an import's error rows).
import { shanghaiParts } from './format';

export const CSV_BOM = '\uFEFF';

/** An instant as the database and the API keep it (ISO 8601 with its offset). */
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})$/;
const CHINA_TIME_LABEL = '（北京时间）';

/** An instant in China time, as finance reads it in a spreadsheet: 2026-11-27 19:41:07. */
export function chinaDateTimeSeconds(iso: string): string {
  const p = shanghaiParts(new Date(iso));
  return `${p.date} ${p.time}:${p.seconds}`;
}

/**
 * A negative amount — a minus and digits, at most one decimal point — is a number a spreadsheet
 * sums, never a formula: nothing can follow the sign but digits. Prefixed, it became text that
 * totals skipped (a statement's refunds and withdrawals).
 */
const NEGATIVE_AMOUNT = /^-\d+(\.\d+)?$/;

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text) && !NEGATIVE_AMOUNT.test(text)) text = `'${text}`;
  text = text.replace(/;(\s*)(?=[=+\-@])/g, ";$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * Instants are written in China time, and their column says so (时间（北京时间）): finance sorts
 * orders into days by what the file says, and a UTC time puts an evening's orders on the next day.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  const instantColumns = new Set<number>();
  for (const r of rows) r.forEach((v, i) => typeof v === 'string' && INSTANT.test(v) && instantColumns.add(i));
  // a time column is labelled by its name too, so an empty file has the same header as a full one
  const labelled = header.map((h, i) =>
    (instantColumns.has(i) || h.endsWith('时间')) && !h.includes('北京时间') ? `${h}${CHINA_TIME_LABEL}` : h,
  );
  const body = rows.map((r) => r.map((v) => (typeof v === 'string' && INSTANT.test(v) ? chinaDateTimeSeconds(v) : v)));
  return CSV_BOM + [labelled, ...body].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

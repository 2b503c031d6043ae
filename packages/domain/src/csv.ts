// CSV for "导出": UTF-8 with a byte-order mark (Excel then reads Chinese right), CRLF rows, RFC 4180
// quoting, and formula-injection safe — a cell starting with = + - @ (or a tab / carriage return)
// gets a leading apostrophe, so a spreadsheet shows text instead of running it. So does such a
// character after a ";" (docs/decisions/0028): Excel in locales whose list separator is ";" splits the cell
// there, and the piece would start a formula; a cell holding ";" is also quoted, which keeps it
// one cell in those locales. Pure; every admin list's export
// uses it, and so does the console for the files it makes itself (an import's error rows).
export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text =
    value === null || value === undefined
      ? ''
      : typeof value === 'string'
        ? value
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  text = text.replace(/;(\s*)(?=[=+\-@])/g, ";$1'");
  return /[",;\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return CSV_BOM + [header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

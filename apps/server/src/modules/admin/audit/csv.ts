// CSV files the console downloads: the cells and rows are the shared pure rules (@portal/domain/csv).
export { CSV_BOM, csvCell, toCsv } from '@portal/domain/csv';

/** Content-Disposition for a Chinese file name (RFC 6266 filename*), with an ASCII fallback. */
export function attachment(asciiName: string, name: string): string {
  return `attachment; filename="${asciiName}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

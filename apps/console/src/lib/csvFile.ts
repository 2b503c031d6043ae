// A CSV the console makes itself (an import's error rows, generated card passwords), saved by the
// browser: the cells are the shared, formula-safe rules of every export (@portal/domain/csv).
import { toCsv } from '@portal/domain/csv';

export function downloadCsv(name: string, header: readonly string[], rows: readonly (readonly unknown[])[]): void {
  const url = URL.createObjectURL(new Blob([toCsv(header, rows)], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

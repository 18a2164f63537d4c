/** Downloads rows as a CSV file (schema/csv.ts quotes and escapes; a BOM lets spreadsheet apps read UTF-8). */
import { toCsv } from '#schema/csv.ts';

export function downloadCsv(fileName: string, rows: Record<string, unknown>[], columns?: string[]) {
  downloadBlob(fileName, new Blob(['\ufeff', toCsv(rows, columns)], { type: 'text/csv;charset=utf-8' }));
}

function downloadBlob(fileName: string, blob: Blob) {
  const url = URL.createObjectURL(blob);
  const a = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

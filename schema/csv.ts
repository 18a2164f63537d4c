/** CSV text for the server's exports and the app's downloads alike, so a cell is escaped the same everywhere. */
import Papa from 'papaparse';

/**
 * A cell a spreadsheet would read as a formula: it starts with one of these, whatever follows. papaparse's own
 * `escapeFormulae: true` tests /^[=+\-@\t\r].*$/, whose `.` stops at a line break, so `=…\n…` got through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** Rows as CSV (CRLF between rows); a text cell starting like a formula gets a leading ' and is quoted. */
export function toCsv(rows: Record<string, unknown>[], columns?: string[]): string {
  return Papa.unparse(rows, { columns, newline: '\r\n', escapeFormulae: FORMULA_START });
}

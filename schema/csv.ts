/** CSV text for the server's exports and the app's downloads alike, so a cell is escaped the same everywhere. */
import Papa from 'papaparse';

/**
 * A cell a spreadsheet would read as a formula: it starts with one of these, whatever follows. papaparse's own
 * `escapeFormulae: true` tests /^[=+\-@\t\r].*$/, whose `.` stops at a line break, so `=…\n…` got through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * Rows as CSV (CRLF between rows); a text cell starting like a formula gets a leading ' and is quoted. Without the
 * header line for the later pieces of a file written a piece at a time.
 */
export function toCsv(rows: Record<string, unknown>[], columns?: string[], header = true): string {
  return Papa.unparse(rows, { columns, header, newline: '\r\n', escapeFormulae: FORMULA_START });
}

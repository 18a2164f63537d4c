/**
 * Readers for screens' URL search parameters. The router parses values as JSON, so `?q=2026` arrives as a number and
 * `?add=1` as the number 1.
 */
export const searchText = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() ? String(value) : undefined;

/** A `?name=1` switch, such as `add=1` that opens a screen's Add dialog. */
export const searchFlag = (value: unknown): '1' | undefined => (value === '1' || value === 1 ? '1' : undefined);

/**
 * Readers for screens' URL search parameters. The router parses values as JSON, so `?q=2026` arrives as a number and
 * `?add=1` as the number 1.
 */
export const searchText = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && String(value).trim() ? String(value) : undefined;

/** A `?name=1` switch, such as `add=1` that opens a screen's Add dialog. */
export const searchFlag = (value: unknown): '1' | undefined => (value === '1' || value === 1 ? '1' : undefined);

/** Tabs as [key, label] pairs; the open one lives in the URL (`?tab=`). */
export type TabDefs<K extends string> = readonly (readonly [K, string])[];

/** The tab named in the URL, or undefined (the first tab) for an unknown or missing one. */
export function parseTab<K extends string>(tabs: TabDefs<K>, value: unknown): K | undefined {
  return tabs.find(([key]) => key === value)?.[0];
}

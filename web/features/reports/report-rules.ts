/** Rules every report page shares: the spec's GPA and days-remaining colours, '+N more' lists and search. */
import { plural } from '#web/lib/format.ts';
import type { CachedAnswer } from '#web/lib/server-reads.ts';

/** Two decimals; a student without a recorded GPA shows 'No GPA'. */
export const formatGpa = (gpa: number | null) => (gpa === null ? 'No GPA' : gpa.toFixed(2));

export function daysRemainingText(days: number): string {
  if (days < 0) return `${plural(-days, 'day')} overdue`;
  return `${plural(days, 'day')} remaining`;
}

/** The spec shows up to 3 remaining requirements per card, then '+N more'. */
const REQUIREMENTS_SHOWN = 3;

export function firstOf<T>(items: readonly T[], max = REQUIREMENTS_SHOWN): { shown: T[]; more: string | null } {
  const rest = items.length - max;
  return { shown: items.slice(0, max), more: rest > 0 ? `+${rest} more` : null };
}

/** Case-insensitive substring search over the given fields; a blank query matches everything. */
export function matchesSearch(fields: readonly (string | null | undefined)[], query: string): boolean {
  const needle = query.trim().toLowerCase();
  return !needle || fields.some((f) => (f ?? '').toLowerCase().includes(needle));
}

/** A CSV's columns (present even with no rows) and its rows. */
export interface CsvTable {
  columns: string[];
  rows: Record<string, string | number>[];
}

/** Builds a CSV table from column titles and how each column reads an item. */
export function csvTable<T>(
  columns: readonly (readonly [string, (item: T) => string | number | null])[],
  items: readonly T[],
): CsvTable {
  return {
    columns: columns.map(([title]) => title),
    rows: items.map((item) => Object.fromEntries(columns.map(([title, read]) => [title, read(item) ?? '']))),
  };
}

/** A GPA cell: two decimals, empty when none is recorded. */
export const gpaCell = (gpa: number | null) => (gpa === null ? null : gpa.toFixed(2));

/**
 * Several cached answers as one: loading until all are in, failed if any failed, else ready; shown from the device
 * when any of them is, with the oldest saved time (the figures are at least that old).
 */
export function combineAnswers<T extends unknown[]>(answers: { [K in keyof T]: CachedAnswer<T[K]> }): CachedAnswer<T> {
  if (answers.some((a) => a.status === 'failed')) return { status: 'failed' };
  if (answers.some((a) => a.status === 'loading')) return { status: 'loading' };
  const ready = answers as { [K in keyof T]: Extract<CachedAnswer<T[K]>, { status: 'ready' }> };
  const saved = ready
    .map((a) => a.savedAt)
    .filter((s): s is string => s !== null)
    .sort();
  return { status: 'ready', data: ready.map((a) => a.data) as T, savedAt: saved[0] ?? null };
}

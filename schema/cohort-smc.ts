/**
 * The cohort SMC summary: per table and item, how many students met its minimum and how many did not. It only counts
 * each student's `SmcFigures` (schema/smc.ts), so a cohort's sums are its students' portfolios added up.
 */
import { z } from 'zod';

import { optionalIsoDate, refId } from './common.ts';
import { ATTEMPT_SETTINGS, type AttemptSetting } from './enums.ts';
import { MSG } from './messages.ts';
import { type SmcFigures, smcItems, type SmcTable, smcTableLabel } from './smc.ts';

export interface CohortSmcItem {
  table: SmcTable;
  /** The table's title at the students' level (`smcTableLabel`): what the screen, CSV and PDF print. */
  tableLabel: string;
  key: string;
  label: string;
  reference: string | null;
  minimum: number;
  met: number;
  notMet: number;
}

/**
 * Sums met / not met per item over the students, in the order the first student's tables list the items, each titled
 * by the level of the first student whose tables hold it (an EMT's skills are not the paramedic SMC's Table 3).
 */
export function cohortSmcSummary(students: readonly { smc: SmcFigures }[]): CohortSmcItem[] {
  const byKey = new Map<string, CohortSmcItem>();
  for (const { smc } of students) {
    for (const item of smcItems(smc)) {
      const row = byKey.get(item.key) ?? {
        table: item.table,
        tableLabel: smcTableLabel(item.table, smc.level),
        key: item.key,
        label: item.label,
        reference: item.reference,
        minimum: item.minimum,
        met: 0,
        notMet: 0,
      };
      if (item.met) row.met++;
      else row.notMet++;
      byKey.set(item.key, row);
    }
  }
  return [...byKey.values()];
}

/** Which records a cohort summary counts: a date range (inclusive) and one setting, each optional. */
export interface CohortSmcFilter {
  from: string | null;
  to: string | null;
  setting: AttemptSetting | null;
}

/** Whether a record dated `date` (YYYY-MM-DD or an ISO time) in `setting` falls in the filter. */
export function inCohortFilter(f: CohortSmcFilter, record: { date: string; setting: string | null }): boolean {
  const day = record.date.slice(0, 10);
  if (f.from && day < f.from) return false;
  if (f.to && day > f.to) return false;
  return !f.setting || record.setting === f.setting;
}

/** The cohort summary's query: the program, and the filter (blank means no bound, every setting). */
export const cohortSmcQuerySchema = z
  .object({
    programId: refId(MSG.programRequired),
    from: optionalIsoDate(),
    to: optionalIsoDate(),
    // blank is every setting
    setting: z.preprocess(
      (v) => (v === '' ? null : v),
      z.enum(ATTEMPT_SETTINGS, { error: MSG.settingInvalid }).nullish(),
    ),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: MSG.dateRangeOrder })
  .transform((q) => ({ ...q, setting: q.setting ?? null }));

/** The summary as table rows: what the CSV download and the PDF both print. */
export function cohortSmcRows(items: readonly CohortSmcItem[]): Record<string, string | number>[] {
  return items.map((i) => ({
    Table: i.tableLabel,
    Item: i.label,
    Reference: i.reference ?? '',
    Minimum: i.minimum,
    'Students met': i.met,
    'Students not met': i.notMet,
  }));
}

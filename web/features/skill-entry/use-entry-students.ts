/** The students Skill Entry & Tracking works with, with their summaries and full progress records. */
import { useMemo } from 'react';

import { byStudentName } from '#schema/names.ts';
import { type RecordsMissing, useProgramTypeSummaries } from '#web/lib/data.ts';

import type { ReportStudent } from './reports.ts';

/**
 * EMS students the user can see (see ems-tracker/ems-students.ts for why only EMS), or one program's, by name;
 * undefined while loading. Reads only EMS records, by index (web/lib/data.ts).
 */
export function useEntryStudents(programId?: string): ReportStudent[] | RecordsMissing | undefined {
  const summaries = useProgramTypeSummaries('ems', programId);
  return useMemo(
    () => (typeof summaries === 'string' ? summaries : summaries && [...summaries].sort(byStudentName)),
    [summaries],
  );
}

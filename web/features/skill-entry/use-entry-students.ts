/** The students Skill Entry & Tracking works with, with their summaries and full progress records. */
import { useMemo } from 'react';
import type { DomainRows } from '../../../sync/client/db.ts';
import { byStudentName } from '../../../schema/names.ts';
import { groupBy, useRows, useStudentSummaries } from '../../lib/data.ts';
import type { ReportStudent } from './reports.ts';

/** EMS students the user can see (see ems-tracker/ems-students.ts for why only EMS), by name; undefined while loading. */
export function useEntryStudents(): ReportStudent[] | undefined {
  const summaries = useStudentSummaries();
  const progress = useRows('studentSkills');
  return useMemo(() => {
    if (!summaries || !progress) return undefined;
    const byStudent = groupBy(progress, (p) => p.studentId);
    return summaries
      .filter(({ summary }) => summary.program?.type === 'ems')
      .sort(byStudentName)
      .map(({ student, summary }) => ({
        student,
        summary,
        progress: new Map<string, DomainRows['studentSkills']>((byStudent.get(student.id) ?? []).map((p) => [p.skillId, p])),
      }));
  }, [summaries, progress]);
}

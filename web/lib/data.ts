/** Screens read the device's database through live queries: they update as sync or local writes change it. */
import { useLiveQuery } from 'dexie-react-hooks';
import { useMemo } from 'react';
import { addUpHours, skillsByTrack, summarizeStudent, type StudentSummary } from '../../schema/student-summary.ts';
import type { DomainRows, DomainTable } from '../../sync/client/db.ts';
import { pendingEntityKeys } from '../../sync/client/status.ts';
import { useSync } from './sync.tsx';

/** Every row of a table on this device (undefined while the first read runs). */
export function useRows<N extends DomainTable>(name: N): DomainRows[N][] | undefined {
  const { db } = useSync();
  return useLiveQuery(() => db.rows(name).toArray(), [db, name]);
}

/** Records with changes on this device that the server has not acknowledged yet, by their keys (sync/client/entity-keys.ts). */
export function usePendingKeys(): Set<string> {
  const { db } = useSync();
  return useLiveQuery(() => pendingEntityKeys(db), [db]) ?? new Set<string>();
}

export interface StudentWithSummary {
  student: DomainRows['students'];
  summary: StudentSummary;
}

/** Students the user may see with their progress and hours, computed by the same rules as the server's reports. */
export function useStudentSummaries(): StudentWithSummary[] | undefined {
  const students = useRows('students');
  const programs = useRows('programs');
  const skills = useRows('skills');
  const progress = useRows('studentSkills');
  const hours = useRows('clinicalHours');
  return useMemo(() => {
    if (!students || !programs || !skills || !progress || !hours) return undefined;
    const programById = new Map(programs.map((p) => [p.id, p]));
    const skillsFor = skillsByTrack(skills);
    const progressByStudent = groupBy(progress, (p) => p.studentId);
    const hoursByStudent = groupBy(hours, (h) => h.studentId);
    return students.map((student) => ({
      student,
      summary: summarizeStudent(
        student,
        programById.get(student.programId),
        skillsFor,
        new Map((progressByStudent.get(student.id) ?? []).map((p) => [p.skillId, p])),
        addUpHours(hoursByStudent.get(student.id) ?? []),
      ),
    }));
  }, [students, programs, skills, progress, hours]);
}

export function groupBy<T, K>(items: readonly T[], key: (item: T) => K): Map<K, T[]> {
  const out = new Map<K, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = out.get(k);
    if (list) list.push(item);
    else out.set(k, [item]);
  }
  return out;
}

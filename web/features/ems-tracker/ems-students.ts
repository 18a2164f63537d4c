/** The students the EMS screens list: those of EMS programs the user can see (the device only holds those). */
import { byPersonName } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { useLiveQuery } from '#web/lib/live-query.ts';
import { useSync } from '#web/lib/sync.tsx';

type StudentRow = DomainRows['students'];
type ProgramRow = DomainRows['programs'];

/**
 * Students of EMS programs, by last then first name. Fire and police students are left out: their skills are not
 * on the EMS matrix, and recording EMS progress for them would make no sense.
 */
function emsStudents(students: readonly StudentRow[], programs: readonly ProgramRow[]): StudentRow[] {
  const ems = new Set(programs.filter((p) => p.type === 'ems').map((p) => p.id));
  return students.filter((s) => ems.has(s.programId)).sort(byPersonName);
}

/** EMS students on this device, read by index (EMS programs, then their students); undefined while loading. */
export function useEmsStudents(): StudentRow[] | undefined {
  const { db } = useSync();
  return useLiveQuery(async () => {
    const { programs, students } = await db.programTypeStudents('ems');
    return emsStudents(students, programs);
  }, [db]);
}

/** 'Maya Chen (STU-2026002, PARAMEDIC)': the picker shows the student id and level. */
export const studentOptionLabel = (s: StudentRow) =>
  `${s.firstName} ${s.lastName} (${s.studentId}, ${s.emsCertificationLevel.toUpperCase()})`;

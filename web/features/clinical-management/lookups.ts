import { useMemo } from 'react';

import type { DomainRows } from '#sync/client/db.ts';
import { useRows } from '#web/lib/data.ts';
import { fullName } from '#web/lib/format.ts';

export interface ClinicalLookups {
  students: DomainRows['students'][];
  siteName: (id: string | null) => string;
  /** A student's name, or their ID code when only that is known; the user may not see every student. */
  studentName: (id: string | null) => string | null;
}

export function makeLookups(
  sites: readonly DomainRows['clinicalSites'][],
  students: DomainRows['students'][],
): ClinicalLookups {
  const siteById = new Map(sites.map((s) => [s.id, s]));
  const studentById = new Map(students.map((s) => [s.id, s]));
  return {
    students,
    siteName: (id) => (id ? (siteById.get(id)?.name ?? 'Unknown site') : 'No site'),
    studentName: (id) => {
      const s = id ? studentById.get(id) : undefined;
      return s ? fullName(s) : null;
    },
  };
}

/** Names for the ids on requests and hours; undefined while the first read runs. */
export function useClinicalLookups(): ClinicalLookups | undefined {
  const sites = useRows('clinicalSites');
  const students = useRows('students');
  return useMemo(() => (sites && students ? makeLookups(sites, students) : undefined), [sites, students]);
}

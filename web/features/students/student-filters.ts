/** The Student Management screen's search, filters and program tabs, as plain functions over the device's data. */
import type { StudentWithSummary } from '#web/lib/data.ts';
import { isGraduatingSoon } from '#web/lib/format.ts';

export const STUDENT_STATUSES = [
  ['all', 'All Statuses'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['graduating', 'Graduating Soon'],
] as const;
export type StudentStatusFilter = (typeof STUDENT_STATUSES)[number][0];

export interface StudentFilters {
  search: string;
  /** A program id, or 'all'. */
  programId: string;
  status: StudentStatusFilter;
}

export const NO_STUDENT_FILTERS: StudentFilters = { search: '', programId: 'all', status: 'all' };

export const hasActiveFilters = (f: StudentFilters) =>
  f.search.trim() !== '' || f.programId !== 'all' || f.status !== 'all';

/** Search covers first name, last name, student ID and e-mail. */
export function matchesStudentSearch(student: StudentWithSummary['student'], search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [student.firstName, student.lastName, student.studentId, student.email].some((v) =>
    v.toLowerCase().includes(needle),
  );
}

function matchesStatus({ student, summary }: StudentWithSummary, status: StudentStatusFilter): boolean {
  switch (status) {
    case 'active':
      return student.isActive;
    case 'inactive':
      return !student.isActive;
    case 'graduating':
      return isGraduatingSoon(summary.progressPercentage);
    case 'all':
      return true;
  }
}

export function filterStudents(items: readonly StudentWithSummary[], f: StudentFilters): StudentWithSummary[] {
  return items.filter(
    (item) =>
      matchesStudentSearch(item.student, f.search) &&
      (f.programId === 'all' || item.student.programId === f.programId) &&
      matchesStatus(item, f.status),
  );
}

export interface StudentTab {
  key: string;
  label: string;
  items: StudentWithSummary[];
}

const OTHER_TAB = 'Other';

/**
 * 'All Students', then one tab per program name (in the order given), then 'Other' for students whose program is not
 * on this device (only when there are such students).
 */
export function studentTabs(
  items: readonly StudentWithSummary[],
  programs: readonly { id: string; name: string }[],
): StudentTab[] {
  const byProgramName = new Map<string, StudentWithSummary[]>(programs.map((p) => [p.name, []]));
  const other: StudentWithSummary[] = [];
  for (const item of items) {
    const list = item.summary.program ? byProgramName.get(item.summary.program.name) : undefined;
    if (list) list.push(item);
    else other.push(item);
  }
  return [
    { key: 'all', label: 'All Students', items: [...items] },
    ...[...byProgramName].map(([name, list]) => ({ key: `program:${name}`, label: name, items: list })),
    ...(other.length > 0 ? [{ key: 'other', label: OTHER_TAB, items: other }] : []),
  ];
}

/**
 * Programs a user may put a student in: every program for roles that work across programs, otherwise the programs
 * the user is a member of (the server refuses the others).
 */
export function programsForForm<P extends { id: string }>(
  programs: readonly P[],
  members: readonly { programId: string; userId: string }[],
  userId: string,
  allPrograms: boolean,
): P[] {
  if (allPrograms) return [...programs];
  const mine = new Set(members.filter((m) => m.userId === userId).map((m) => m.programId));
  return programs.filter((p) => mine.has(p.id));
}

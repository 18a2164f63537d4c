/**
 * Instructors as the Instructor Management screen shows them: an account (users) plus a profile row with the same id
 * (instructors), with the figures the server's GET /api/instructors computes, here from the device's data.
 */
import type { Role } from '#schema/enums.ts';
import { byPersonName, compareText } from '#schema/names.ts';
import { can } from '#schema/permissions.ts';
import type { DomainRows } from '#sync/client/db.ts';

export interface InstructorView {
  id: string;
  firstName: string;
  lastName: string;
  /** The account's role: instructor or preceptor, unless it was changed since. */
  role: string;
  email: string;
  phone: string;
  employeeId: string;
  title: string;
  department: string;
  programTypes: string[];
  certifications: string[];
  specialties: string[];
  experience: string | null;
  education: string | null;
  hireDate: string;
  isActive: boolean;
  isPreceptor: boolean;
  notes: string | null;
  programs: { id: string; name: string }[];
  studentsSupervised: number;
  /** null on a desk device until the server's count is here (it holds the records of the students it opened only). */
  totalStudents: number | null;
  averageRating: number | null;
}

export interface InstructorSources {
  instructors: readonly DomainRows['instructors'][];
  users: readonly DomainRows['users'][];
  programs: readonly Pick<DomainRows['programs'], 'id' | 'name'>[];
  programMembers: readonly Pick<DomainRows['programMembers'], 'programId' | 'userId'>[];
  students: readonly Pick<DomainRows['students'], 'id' | 'programId' | 'isActive'>[];
  studentSkills: readonly Pick<DomainRows['studentSkills'], 'studentId' | 'instructorId'>[];
  clinicalHours: readonly Pick<DomainRows['clinicalHours'], 'studentId' | 'recordedBy'>[];
}

const addTo = <K, V>(map: Map<K, Set<V>>, key: K, value: V) => map.set(key, (map.get(key) ?? new Set()).add(value));

/**
 * Joins profiles with their accounts (a profile whose account is not on the device is left out), by last name.
 * Students supervised: active students of the programs the instructor is a member of. Total students: students the
 * instructor has recorded progress or hours for. Both as the server counts them.
 */
export function joinInstructors(src: InstructorSources): InstructorView[] {
  const userById = new Map(src.users.map((u) => [u.id, u]));
  const programById = new Map(src.programs.map((p) => [p.id, p]));
  const activeByProgram = new Map<string, Set<string>>();
  for (const s of src.students) if (s.isActive) addTo(activeByProgram, s.programId, s.id);
  const programsByUser = new Map<string, { id: string; name: string }[]>();
  for (const m of src.programMembers) {
    const program = programById.get(m.programId);
    if (program)
      programsByUser.set(m.userId, [...(programsByUser.get(m.userId) ?? []), { id: program.id, name: program.name }]);
  }
  const taught = new Map<string, Set<string>>();
  for (const p of src.studentSkills) if (p.instructorId) addTo(taught, p.instructorId, p.studentId);
  for (const h of src.clinicalHours) addTo(taught, h.recordedBy, h.studentId);

  return src.instructors
    .flatMap((profile): InstructorView[] => {
      const user = userById.get(profile.id);
      if (!user) return [];
      const programs = (programsByUser.get(profile.id) ?? []).sort((a, b) => compareText(a.name, b.name));
      const supervised = new Set(programs.flatMap((p) => [...(activeByProgram.get(p.id) ?? [])]));
      return [
        {
          id: profile.id,
          firstName: user.firstName,
          lastName: user.lastName,
          role: user.role,
          email: user.email ?? '',
          phone: user.phone ?? '',
          employeeId: profile.employeeId,
          title: profile.title,
          department: profile.department,
          programTypes: profile.programTypes,
          certifications: user.certifications ?? [],
          specialties: user.specialties ?? [],
          experience: profile.experience,
          education: profile.education,
          hireDate: profile.hireDate,
          isActive: user.isActive,
          isPreceptor: profile.isPreceptor,
          notes: profile.notes,
          programs,
          studentsSupervised: supervised.size,
          totalStudents: taught.get(profile.id)?.size ?? 0,
          // no rating data is recorded anywhere (the server answers null too), so none is invented here
          averageRating: null,
        },
      ];
    })
    .sort(byPersonName);
}

export const INSTRUCTOR_STATUSES = [
  ['all', 'All Statuses'],
  ['active', 'Active'],
  ['inactive', 'Inactive'],
  ['preceptors', 'Preceptors'],
] as const;
export type InstructorStatusFilter = (typeof INSTRUCTOR_STATUSES)[number][0];

export interface InstructorFilters {
  search: string;
  /** A department, or 'all'. */
  department: string;
  /** A program type (ems, fire, police), or 'all'. */
  programType: string;
  status: InstructorStatusFilter;
}

export const NO_INSTRUCTOR_FILTERS: InstructorFilters = {
  search: '',
  department: 'all',
  programType: 'all',
  status: 'all',
};

export const hasActiveInstructorFilters = (f: InstructorFilters) =>
  f.search.trim() !== '' || f.department !== 'all' || f.programType !== 'all' || f.status !== 'all';

/** Search covers first name, last name, employee ID, e-mail and title. */
export function matchesInstructorSearch(i: InstructorView, search: string): boolean {
  const needle = search.trim().toLowerCase();
  if (!needle) return true;
  return [i.firstName, i.lastName, i.employeeId, i.email, i.title].some((v) => v.toLowerCase().includes(needle));
}

function matchesStatus(i: InstructorView, status: InstructorStatusFilter): boolean {
  switch (status) {
    case 'active':
      return i.isActive;
    case 'inactive':
      return !i.isActive;
    case 'preceptors':
      return i.isPreceptor;
    case 'all':
      return true;
  }
}

export function filterInstructors(items: readonly InstructorView[], f: InstructorFilters): InstructorView[] {
  return items.filter(
    (i) =>
      matchesInstructorSearch(i, f.search) &&
      (f.department === 'all' || i.department === f.department) &&
      (f.programType === 'all' || i.programTypes.includes(f.programType)) &&
      matchesStatus(i, f.status),
  );
}

const CERTIFICATIONS_SHOWN = 3;

/** The first three certifications, and how many more there are ('+N more'). */
export function certificationPreview(certifications: readonly string[]): { shown: string[]; more: number } {
  return {
    shown: certifications.slice(0, CERTIFICATIONS_SHOWN),
    more: Math.max(0, certifications.length - CERTIFICATIONS_SHOWN),
  };
}

/** Accounts an instructor may delete (the server refuses the others). */
const DELETABLE_BY_INSTRUCTORS = new Set(['instructor', 'preceptor']);

/**
 * What the signed-in user may do to an instructor, hiding only what the server would refuse: managers edit anyone,
 * others their own profile; administration, director and instructor delete, but nobody their own account.
 */
export function instructorPermissions(role: Role, userId: string, target: Pick<InstructorView, 'id' | 'role'>) {
  return {
    canEdit: can(role, 'instructors.create') || target.id === userId,
    canDelete:
      can(role, 'users.delete') &&
      target.id !== userId &&
      (role !== 'instructor' || DELETABLE_BY_INSTRUCTORS.has(target.role)),
  };
}

import { describe, expect, it } from 'vitest';

import {
  certificationPreview,
  filterInstructors,
  instructorPermissions,
  type InstructorSources,
  type InstructorView,
  joinInstructors,
  matchesInstructorSearch,
  NO_INSTRUCTOR_FILTERS,
} from './instructor-view.ts';

const profile = (id: string, over: Partial<InstructorSources['instructors'][number]> = {}) =>
  ({
    id,
    employeeId: `E-${id}`,
    title: 'Lead Instructor',
    department: 'Fire Science',
    programTypes: ['fire'],
    experience: null,
    education: null,
    hireDate: '2020-01-01',
    isPreceptor: false,
    notes: null,
    createdAt: '',
    updatedAt: '',
    version: 1,
    ...over,
  }) as InstructorSources['instructors'][number];
const user = (
  id: string,
  firstName: string,
  lastName: string,
  over: Partial<InstructorSources['users'][number]> = {},
) => ({
  id,
  firstName,
  lastName,
  role: 'instructor',
  isActive: true,
  version: 1,
  email: `${firstName.toLowerCase()}@x.test`,
  certifications: [],
  ...over,
});

describe('joining instructors with their accounts', () => {
  const src: InstructorSources = {
    instructors: [profile('i1'), profile('i2', { isPreceptor: true }), profile('orphan')],
    users: [user('i1', 'Zed', 'Young'), user('i2', 'Ann', 'Abel', { role: 'preceptor', certifications: ['A', 'B'] })],
    programs: [
      { id: 'p1', name: 'Paramedic' },
      { id: 'p2', name: 'EMT' },
    ],
    programMembers: [
      { programId: 'p1', userId: 'i1' },
      { programId: 'p2', userId: 'i1' },
      { programId: 'p2', userId: 'i2' },
    ],
    students: [
      { id: 's1', programId: 'p1', isActive: true },
      { id: 's2', programId: 'p2', isActive: true },
      { id: 's3', programId: 'p2', isActive: false },
      { id: 's4', programId: 'p3', isActive: true },
    ],
    studentSkills: [
      { studentId: 's1', instructorId: 'i1' },
      { studentId: 's1', instructorId: 'i1' },
      { studentId: 's4', instructorId: 'i2' },
      { studentId: 's2', instructorId: null },
    ],
    clinicalHours: [
      { studentId: 's2', recordedBy: 'i1' },
      { studentId: 's3', recordedBy: 'someone-else' },
    ],
  };
  const joined = joinInstructors(src);

  it('leaves out profiles whose account is not on the device and sorts by last name', () => {
    expect(joined.map((i) => i.id)).toEqual(['i2', 'i1']);
  });
  it('counts active students of the programs an instructor belongs to as supervised', () => {
    expect(joined.find((i) => i.id === 'i1')!.studentsSupervised).toBe(2);
    expect(joined.find((i) => i.id === 'i2')!.studentsSupervised).toBe(1);
  });
  it('counts distinct students with progress or hours recorded by the instructor as total students', () => {
    expect(joined.find((i) => i.id === 'i1')!.totalStudents).toBe(2);
    expect(joined.find((i) => i.id === 'i2')!.totalStudents).toBe(1);
  });
  it('takes contact details and certifications from the account and has no invented rating', () => {
    expect(joined[0]).toMatchObject({
      email: 'ann@x.test',
      certifications: ['A', 'B'],
      role: 'preceptor',
      isPreceptor: true,
      averageRating: null,
    });
  });
});

const view = (over: Partial<InstructorView>): InstructorView => ({
  id: 'x',
  firstName: 'Irene',
  lastName: 'Okafor',
  role: 'instructor',
  email: 'irene@demo.test',
  phone: '555',
  employeeId: 'E-1001',
  title: 'Lead Paramedic Instructor',
  department: 'Emergency Medical Services',
  programTypes: ['ems'],
  certifications: [],
  specialties: [],
  experience: null,
  education: null,
  hireDate: '2019-08-15',
  isActive: true,
  isPreceptor: false,
  notes: null,
  programs: [],
  studentsSupervised: 0,
  totalStudents: 0,
  averageRating: null,
  ...over,
});

describe('instructor search and filters', () => {
  it.each([['irene'], ['OKAFOR'], ['e-1001'], ['demo.test'], ['paramedic instructor']])(
    'finds an instructor by %s',
    (q) => {
      expect(matchesInstructorSearch(view({}), q)).toBe(true);
    },
  );
  it('does not search the department', () => {
    expect(matchesInstructorSearch(view({}), 'medical services')).toBe(false);
  });
  it('filters by department, program type and status', () => {
    const list = [
      view({ id: 'a' }),
      view({ id: 'b', department: 'Fire Science', programTypes: ['fire', 'ems'], isPreceptor: true }),
      view({ id: 'c', isActive: false, programTypes: ['police'] }),
    ];
    const ids = (f: Partial<typeof NO_INSTRUCTOR_FILTERS>) =>
      filterInstructors(list, { ...NO_INSTRUCTOR_FILTERS, ...f }).map((i) => i.id);
    expect(ids({ department: 'Fire Science' })).toEqual(['b']);
    expect(ids({ programType: 'ems' })).toEqual(['a', 'b']);
    expect(ids({ status: 'preceptors' })).toEqual(['b']);
    expect(ids({ status: 'inactive' })).toEqual(['c']);
    expect(ids({ status: 'active' })).toEqual(['a', 'b']);
  });
});

describe('certification preview', () => {
  it('shows the first 3 and counts the rest', () => {
    expect(certificationPreview(['A', 'B', 'C', 'D', 'E'])).toEqual({ shown: ['A', 'B', 'C'], more: 2 });
    expect(certificationPreview(['A', 'B', 'C'])).toEqual({ shown: ['A', 'B', 'C'], more: 0 });
  });
});

describe('what a user may do to an instructor', () => {
  const other = view({ id: 'other' });
  it('lets administration, director and instructor delete, but nobody their own account', () => {
    expect(instructorPermissions('administration', 'me', other).canDelete).toBe(true);
    expect(instructorPermissions('director', 'me', other).canDelete).toBe(true);
    expect(instructorPermissions('instructor', 'me', other).canDelete).toBe(true);
    expect(instructorPermissions('preceptor', 'me', other).canDelete).toBe(false);
    expect(instructorPermissions('instructor', 'other', other).canDelete).toBe(false);
  });
  it('keeps instructors to deleting instructor and preceptor accounts', () => {
    expect(instructorPermissions('instructor', 'me', view({ id: 'd', role: 'director' })).canDelete).toBe(false);
  });
  it('lets managers edit anyone and others only themselves', () => {
    expect(instructorPermissions('director', 'me', other).canEdit).toBe(true);
    expect(instructorPermissions('instructor', 'me', other).canEdit).toBe(false);
    expect(instructorPermissions('instructor', 'other', other).canEdit).toBe(true);
  });
});

import { describe, expect, it } from 'vitest';

import type { StudentWithSummary } from '#web/lib/data.ts';

import { changedFields } from './changed-fields.ts';
import {
  filterStudents,
  matchesStudentSearch,
  NO_STUDENT_FILTERS,
  programsForForm,
  studentTabs,
} from './student-filters.ts';

const PARAMEDIC = { id: 'p1', name: 'Paramedic Program' };
const FIRE = { id: 'p2', name: 'Fire Academy' };

function item(
  over: Partial<StudentWithSummary['student']>,
  progress = 0,
  program: { id: string; name: string } | null = PARAMEDIC,
): StudentWithSummary {
  return {
    student: {
      id: over.studentId ?? 's',
      firstName: 'Maya',
      lastName: 'Chen',
      email: 'maya@example.test',
      phone: '555',
      studentId: 'STU-1',
      programId: program?.id ?? 'gone',
      isActive: true,
      ...over,
    } as StudentWithSummary['student'],
    summary: { program: program ?? undefined, progressPercentage: progress } as StudentWithSummary['summary'],
  };
}

describe('student search', () => {
  const maya = item({});
  it.each([['maya'], ['CHEN'], ['stu-1'], ['@example'], ['  Maya ']])('finds a student by %s', (q) => {
    expect(matchesStudentSearch(maya.student, q)).toBe(true);
  });
  it('does not search the phone number or other fields', () => {
    expect(matchesStudentSearch(maya.student, '555')).toBe(false);
  });
});

describe('student filters', () => {
  const a = item({ studentId: 'A', isActive: true }, 95);
  const b = item({ studentId: 'B', isActive: true }, 89, FIRE);
  const c = item({ studentId: 'C', isActive: false }, 90);
  const all = [a, b, c];
  const ids = (list: StudentWithSummary[]) => list.map((x) => x.student.studentId);

  it('graduating soon means progress of 90% or more', () => {
    expect(ids(filterStudents(all, { ...NO_STUDENT_FILTERS, status: 'graduating' }))).toEqual(['A', 'C']);
  });
  it('filters by active flag and program', () => {
    expect(ids(filterStudents(all, { ...NO_STUDENT_FILTERS, status: 'inactive' }))).toEqual(['C']);
    expect(ids(filterStudents(all, { ...NO_STUDENT_FILTERS, status: 'active' }))).toEqual(['A', 'B']);
    expect(ids(filterStudents(all, { ...NO_STUDENT_FILTERS, programId: FIRE.id }))).toEqual(['B']);
  });
});

describe('student tabs', () => {
  it('has All Students, one tab per program (empty ones too) and Other for students without a known program', () => {
    const tabs = studentTabs(
      [item({ studentId: 'A' }), item({ studentId: 'B' }, 0, null), item({ studentId: 'C' }, 0, FIRE)],
      [FIRE, PARAMEDIC, { id: 'p3', name: 'Police Academy' }],
    );
    expect(tabs.map((t) => [t.label, t.items.map((x) => x.student.studentId)])).toEqual([
      ['All Students', ['A', 'B', 'C']],
      ['Fire Academy', ['C']],
      ['Paramedic Program', ['A']],
      ['Police Academy', []],
      ['Other', ['B']],
    ]);
  });
  it('leaves Other out when every student has a known program', () => {
    expect(studentTabs([item({})], [PARAMEDIC]).map((t) => t.label)).toEqual(['All Students', 'Paramedic Program']);
  });
});

describe('programs offered in the student form', () => {
  const members = [
    { programId: 'p2', userId: 'me' },
    { programId: 'p1', userId: 'someone-else' },
  ];
  it('offers every program to roles that work across programs', () => {
    expect(programsForForm([PARAMEDIC, FIRE], members, 'me', true)).toEqual([PARAMEDIC, FIRE]);
  });
  it('offers others only their own programs', () => {
    expect(programsForForm([PARAMEDIC, FIRE], members, 'me', false)).toEqual([FIRE]);
  });
});

describe('changed fields of an edit', () => {
  it('keeps only what differs, treating empty text as no value', () => {
    const before = { firstName: 'Maya', address: null, phone: '555', programTypes: ['ems'] };
    expect(
      changedFields(before, { firstName: 'Maya', address: '', phone: '556', programTypes: ['ems', 'fire'] }),
    ).toEqual({ phone: '556', programTypes: ['ems', 'fire'] });
  });
});

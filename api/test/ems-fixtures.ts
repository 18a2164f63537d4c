/**
 * The EMS world the SMC, portfolio and level tests share: two programs of one level, the test staff working in the
 * first, the test student's record in it and another student in the second, and the request bodies those tests post.
 */
import { expect } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import type { TestApp } from './helpers.ts';

export interface EmsWorld {
  /** The program the test student and staff belong to, and one they do not. */
  program: ReturnType<TestApp['program']>;
  elsewhere: ReturnType<TestApp['program']>;
  /** The test student's record, and a student of the other program. */
  mine: string;
  other: string;
}

/** Two EMS programs at `level`: the instructor and preceptor work in the first, which holds the test student. */
export function emsWorld(h: TestApp, level = 'paramedic', requiredHours?: number): EmsWorld {
  const staff = [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ];
  const program = h.program({ name: 'Medic A', type: 'ems', certificationLevel: level, requiredHours }, staff);
  const elsewhere = h.program({ name: 'Medic B', type: 'ems', certificationLevel: level });
  return {
    program,
    elsewhere,
    mine: emsStudent(h, 'S-1', program.id, h.users.student.id, level),
    other: emsStudent(h, 'S-2', elsewhere.id, null, level),
  };
}

/** A student record of the level, its code standing in for the names. */
export const emsStudent = (h: TestApp, code: string, programId: string, userId: string | null, level = 'paramedic') =>
  asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId,
      firstName: code,
      lastName: 'Student',
      email: `${code}@example.org`,
      phone: '555-0100',
      studentCode: code,
      emsCertificationLevel: level,
      programId,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  ).id;

/** A patient contact's request body: an adult seen in `setting` on `date`. */
export const contactBody = (studentId: string, primaryImpression: string, setting = 'field', date = '2026-11-20') => ({
  studentId,
  date,
  setting,
  ageYears: 40,
  gender: 'female',
  chiefComplaints: ['Injury'],
  primaryImpression,
  careLevel: 'als',
  disposition: 'transported',
});

/** Posts as `role` and expects the record created (the answer's text shows when it is not). */
export const poster = (h: TestApp) => async (role: Role, path: string, body: object) => {
  const res = await h.as(role, 'POST', path, body);
  expect(res.status, await res.clone().text()).toBe(201);
};

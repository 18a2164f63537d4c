/**
 * The three-program world the permission and offline-push tests share: an EMT program the test instructor, preceptor
 * and student belong to (with the instructor's record, one skill and the student's record), a Firefighter I and a
 * police program nobody in it belongs to, and one clinical site with a known address.
 */
import type { CommandContext } from '#api/commands/command.ts';
import { asSystem } from '#api/seed/standards.ts';
import * as t from '#schema/tables.ts';

import type { TestApp } from './helpers.ts';

export function programWorld(ctx: CommandContext, u: TestApp['users'], ems: { requiredHours?: number } = {}) {
  const program = ctx.insert(t.programs, {
    name: 'EMT',
    type: 'ems',
    certificationLevel: 'emt',
    certifications: [],
    ...ems,
  });
  const fire = ctx.insert(t.programs, {
    name: 'FF I',
    type: 'fire',
    certificationLevel: 'firefighter_1',
    certifications: [],
  });
  const police = ctx.insert(t.programs, { name: 'BPO', type: 'police', certifications: [] });
  for (const role of ['instructor', 'preceptor', 'student'] as const) {
    ctx.insert(t.programMembers, { programId: program.id, userId: u[role].id, assignedRole: role });
  }
  ctx.insert(t.instructors, {
    id: u.instructor.id,
    employeeId: 'E1',
    title: 'Instructor',
    department: 'Emergency Medical Services',
    programTypes: ['ems'],
    hireDate: '2020-01-01',
  });
  const skill = ctx.insert(t.skills, {
    code: 'k1',
    name: 'Splinting',
    category: 'Trauma Management',
    programType: 'ems',
    certificationLevel: 'emt',
  });
  const student = ctx.insert(t.students, {
    userId: u.student.id,
    firstName: 'Sam',
    lastName: 'Student',
    email: 'student@test.local',
    phone: '1',
    studentCode: 'S-1',
    programId: program.id,
    enrollmentDate: '2026-01-01',
    expectedGraduation: '2026-12-31',
  });
  const site = ctx.insert(t.clinicalSites, {
    name: 'General',
    type: 'Hospital',
    address: '1 Main',
    programTypes: ['ems'],
    specialties: [],
  });
  const siteEmail = ctx.insert(t.siteEmails, { clinicalSiteId: site.id, emailAddress: 'ed@general.test' });
  return { ems: program, fire, police, skill, student, site, siteEmail };
}

/** The world's student as a graduate: exam attempts are graduates'. */
export const graduate = (h: TestApp, student: typeof t.students.$inferSelect) =>
  asSystem(h.db, 'fixture', (ctx) => ctx.update(t.students, student, { graduationDate: '2026-01-01' }));

/** A student of this program linked to the test student account, whose Program Director is the test director. */
export const studentIn = (h: TestApp, programId: string) =>
  asSystem(h.db, 'fixture', (ctx) => {
    ctx.update(t.programs, ctx.find(t.programs, programId)!, { directorId: h.users.director.id });
    return ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Cam',
      lastName: 'Reyes',
      email: 'cam@example.org',
      phone: '555-0199',
      studentCode: 'X-1',
      programId,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }).id;
  });

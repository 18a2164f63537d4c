/**
 * Every signed-in route with a call that exercises it: the world of records it acts on, its path and body, and the
 * roles the permission matrix lets call it (the rest are refused). The permission test walks each route as every role;
 * the OpenAPI test walks each as a role that may call it, checking the call against the document.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { testApp } from './helpers.ts';
import { graduate, programWorld } from './program-world.ts';

const ALL = ROLES;
const STAFF = ROLES.filter((r) => r !== 'student');
const LEADS: Role[] = ['director', 'administration'];
const REVIEWERS: Role[] = [...LEADS, 'clinical_coordinator'];
export const PUBLIC = new Set([
  'GET /api/health',
  'GET /api/login',
  'POST /api/login',
  'GET /api/logout',
  'POST /api/logout',
  'GET /api/demo/user',
  // answers anyone, and a signed-out visitor with null (api/auth/auth.test.ts)
  'GET /api/auth/session',
  // the preceptor's confirm link: its token is the key (api/routes/sign-offs/sign-offs.test.ts)
  'GET /api/sign-off-links/:token',
  'POST /api/sign-off-links/:token',
  // a calendar subscription: its token is the key (api/routes/calendar/calendar.test.ts)
  'GET /api/calendar/:file',
  // the API's description, like any public API's
  'GET /api/openapi.json',
  'GET /api/openapi',
]);

export function world() {
  const h = testApp();
  const u = h.users;
  const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
  const w = asSystem(h.db, 'fixture', (ctx) => {
    const {
      ems: program,
      fire: other,
      police: third,
      skill,
      student,
      site,
      siteEmail,
    } = programWorld(ctx, u, {
      requiredHours: 10,
    });
    const hours = ctx.insert(t.clinicalHours, {
      studentId: student.id,
      clinicalSiteId: site.id,
      date: '2026-02-01',
      hoursCompleted: 6,
      recordedBy: u.preceptor.id,
    });
    const contact = ctx.insert(t.patientContacts, {
      studentId: student.id,
      date: '2026-02-01',
      setting: 'clinical',
      ageYears: 40,
      gender: 'male',
      chiefComplaints: ['Chest pain'],
      primaryImpression: 'ACS',
      careLevel: 'als',
      disposition: 'transported',
      recordedBy: u.preceptor.id,
    });
    const attempt = ctx.insert(t.skillAttempts, {
      studentId: student.id,
      skillId: skill.id,
      attemptedAt: '2026-02-01T10:00:00.000Z',
      setting: 'clinical',
      outcome: 'successful',
      participation: 'performed',
      attemptsDelta: 1,
      successfulDelta: 1,
      recordedBy: u.preceptor.id,
      verifiedBy: u.preceptor.id,
    });
    const storedName = crypto.randomUUID();
    const document = ctx.insert(t.documents, {
      name: 'Policy',
      type: 'Policy',
      programType: 'ems',
      programId: program.id,
      isPublic: false,
      fileName: 'policy.txt',
      storedName,
      mimeType: 'text/plain',
      fileSize: 5,
      uploadedBy: u.director.id,
    });
    mkdirSync(join(h.dataDir, 'documents'), { recursive: true });
    writeFileSync(join(h.dataDir, 'documents', storedName), 'hello');
    const message = ctx.insert(t.messages, {
      senderId: u.director.id,
      recipientId: u.student.id,
      subject: 'Hi',
      content: 'Hello',
    });
    const joinRequest = ctx.insert(t.requests, {
      kind: 'program-join',
      userId: u.preceptor.id,
      programId: other.id,
      requestedRole: 'preceptor',
      justification: 'Please add me there',
    });
    const preceptorRequest = ctx.insert(t.requests, {
      kind: 'preceptor',
      userId: u.student.id,
      studentId: student.id,
      clinicalSiteId: site.id,
      requestedDates: [tomorrow],
      skillsToFocus: [],
      justification: 'Need IV starts please',
    });
    const requirement = ctx.insert(t.accreditationRequirements, {
      title: 'Annual Report',
      requirementType: 'annual_report',
    });
    const ram = ctx.insert(t.ramAssessments, { year: 2025, componentArea: 'Faculty' });
    const signOff = ctx.insert(t.signOffs, {
      studentId: student.id,
      records: [{ kind: 'attempt', id: attempt.id }],
      contentHash: '0'.repeat(64),
      hash: '1'.repeat(64),
      deviceId: 'device-0001',
      capturedAt: '2026-02-01T12:00:00.000Z',
      preceptor: { name: 'P', credential: 'EMT', number: '1', agency: 'A', contact: 'p@example.org' },
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 100, height: 50, strokes: [[1, 1, 2, 2]] },
      recordedBy: u.student.id,
      status: 'awaiting',
    });
    const shift = (date: string, bookedCount: number) =>
      ctx.insert(t.shifts, {
        programId: program.id,
        type: 'clinical',
        date,
        startTime: '07:00',
        durationMinutes: 480,
        slots: 5,
        bookedCount,
        preceptorIds: [u.preceptor.id],
        createdBy: u.director.id,
      });
    const inMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const openShift = shift(inMonth, 1);
    const booking = ctx.insert(t.shiftBookings, {
      shiftId: openShift.id,
      studentId: student.id,
      bookedBy: u.student.id,
    });
    const pastShift = shift('2026-02-02', 1);
    const clocked = ctx.insert(t.shiftBookings, {
      shiftId: pastShift.id,
      studentId: student.id,
      bookedBy: u.student.id,
      clockInAt: '2026-02-02T07:00',
      clockOutAt: '2026-02-02T15:00',
      hoursEntryId: hours.id,
    });
    const freeShift = shift(tomorrow, 0);
    const fire = fireBooks(ctx, u.instructor.id, [u.director.id, u.administration.id]);
    return {
      fire,
      openShift,
      freeShift,
      booking,
      clocked,
      signOff,
      attempt,
      program,
      other,
      third,
      skill,
      student,
      site,
      siteEmail,
      hours,
      contact,
      document,
      message,
      joinRequest,
      preceptorRequest,
      requirement,
      ram,
      tomorrow,
    };
  });
  return { h, u, w };
}
type World = ReturnType<typeof world>;

/**
 * Candidates of a fire program no member of the EMS program works in: one without a book, one whose book is started
 * with nothing signed, one whose book has every JPR signed, one whose book the instructor verified. Its leads (the
 * director and administration) are assigned to it: a book is signed only by someone who acts for its program.
 */
function fireBooks(ctx: Parameters<Parameters<typeof asSystem>[2]>[0], verifier: string, leads: readonly string[]) {
  const programId = ctx.insert(t.programs, {
    name: 'FF I Books',
    type: 'fire',
    certificationLevel: 'firefighter_1',
    certifications: [],
  }).id;
  for (const userId of leads) {
    const assignedRole = ctx.find(t.users, userId)!.role;
    ctx.insert(t.programMembers, { programId, userId, assignedRole });
  }
  const candidate = (code: string) =>
    ctx.insert(t.students, {
      firstName: 'Fay',
      lastName: code,
      email: `${code}@example.org`,
      phone: '1',
      studentCode: code,
      programId,
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-31',
    });
  const jprs = ['4.3.1', '4.3.6'].map((ref) =>
    ctx.insert(t.skills, {
      code: `ff1-${ref}`,
      name: `JPR ${ref}`,
      category: 'Fireground',
      programType: 'fire',
      certificationLevel: 'firefighter_1',
    }),
  );
  const book = (studentId: string, state: string) =>
    ctx.insert(t.taskBooks, {
      studentId,
      programId,
      level: 'firefighter_1',
      state,
      startedBy: verifier,
      startedOn: '2026-01-01',
      verifiedBy: state === 'verified' ? verifier : null,
    });
  const unstarted = candidate('F-0');
  const started = book(candidate('F-1').id, 'started');
  const complete = book(candidate('F-2').id, 'started');
  for (const jpr of jprs) {
    ctx.insert(t.jprSignOffs, {
      taskBookId: complete.id,
      studentId: complete.studentId,
      skillId: jpr.id,
      performedOn: '2026-02-01',
      method: 'observed',
      passed: true,
      steps: [],
      inTraining: false,
      attemptNumber: 1,
      dayNumber: 1,
      evaluatorName: 'E',
      evaluatorNumber: 'E-1',
      evaluatorId: verifier,
      signature: { kind: 'typed', name: 'E' },
      capturedAt: '2026-02-01T12:00:00.000Z',
      recordedBy: verifier,
    });
  }
  const verified = book(candidate('F-3').id, 'verified');
  return { unstarted, started, complete, verified, jpr: jprs[0] };
}

const bookSignature = () => ({
  name: 'Lead',
  signature: { kind: 'typed', name: 'Lead' },
  capturedAt: new Date().toISOString(),
});
/** Staff outside the fire program, and the student, do not see its books: 404, as a book that exists nowhere. */
const OUTSIDE_FIRE = { instructor: 404, preceptor: 404, student: 404 } as const;

export interface Case {
  route: string;
  path: (w: World) => string;
  body?: (w: World, role: Role) => unknown;
  allowed: readonly Role[];
  /** The status a role outside `allowed` gets when it is not 403. */
  refused?: Partial<Record<Role, number>>;
}

const c = (
  route: string,
  allowed: readonly Role[],
  path?: Case['path'],
  body?: Case['body'],
  refused?: Case['refused'],
): Case => ({ route, allowed, path: path ?? (() => route.split(' ')[1]), body, refused });

const SIGN_OFF_REVIEWERS: Role[] = [...LEADS, 'instructor', 'clinical_coordinator'];
const SHIFT_MANAGERS: Role[] = [...LEADS, 'clinical_coordinator', 'instructor'];

/** A sign-off of the student's hours entry, hashed as the student's device would. */
function signOffBody(x: World) {
  const hours = x.h.db.select().from(t.clinicalHours).all();
  const args = {
    id: crypto.randomUUID(),
    studentId: x.w.student.id,
    records: [{ kind: 'hours' as const, id: x.w.hours.id }],
    contentHash: sha256(signedContent(x.w.student.id, { attempts: [], contacts: [], hours })),
    previousHash: null,
    deviceId: 'device-0002',
    capturedAt: '2026-02-01T18:00:00.000Z',
    preceptor: { name: 'P', credential: 'EMT' as const, number: '1', agency: 'A', contact: 'p@example.org' },
    attested: true as const,
    evaluation: {},
    teamLeadScores: {},
    signature: { width: 100, height: 50, strokes: [[1, 1, 2, 2]] },
  };
  return { ...args, hash: sha256(signOffContent(args)) };
}

const studentBody = (x: World) => ({
  firstName: 'New',
  lastName: 'Student',
  email: 'new@example.org',
  phone: '2',
  studentId: 'S-2',
  programId: x.w.program.id,
  enrollmentDate: '2026-01-01',
  expectedGraduation: '2026-12-31',
});
const siteBody = {
  name: 'Clinic',
  type: 'Clinic',
  address: '2 Main',
  city: 'Town',
  state: 'IL',
  zipCode: '62701',
  phone: '3',
  email: 'c@clinic.test',
  contactPerson: 'Lee',
  contactTitle: 'Manager',
  maxStudents: 2,
  programTypes: ['ems'],
};
const notRecipient = (role: Role) => (role === 'student' || role === 'director' ? 200 : 404);
const messageParties = { instructor: 404, administration: 404, preceptor: 404, clinical_coordinator: 404 } as const;

/** Who may import clinical sites: those who manage them. */
const IMPORTERS: Role[] = [...LEADS, 'clinical_coordinator'];
/** A one-row sites roster for the program (a dry run, the import's default). */
function sitesFile(x: World) {
  const form = new FormData();
  form.set('file', new File(['Name,Type\nClinic B,Clinic\n'], 'sites.csv', { type: 'text/csv' }));
  form.set('programId', x.w.program.id);
  form.set('kind', 'sites');
  return form;
}

/** Who keeps a program's annual report: its director and clinical coordinators. */
const ANNUAL: Role[] = ['director', 'clinical_coordinator'];

export const CASES: Case[] = [
  c('GET /api/auth/user', ALL),
  c('GET /api/users', ALL),
  c('POST /api/users', LEADS, undefined, () => ({
    firstName: 'N',
    lastName: 'U',
    email: 'nu@example.org',
    role: 'student',
  })),
  c(
    'PUT /api/users/:id',
    [...LEADS, 'preceptor'],
    (x) => `/api/users/${x.u.preceptor.id}`,
    (x) => ({ firstName: 'P', lastName: 'R', email: x.u.preceptor.email, role: 'preceptor' }),
  ),
  c('DELETE /api/users/:id', [...LEADS, 'instructor'], (x) => `/api/users/${x.u.preceptor.id}`),
  c('GET /api/instructors', STAFF),
  c('POST /api/instructors', LEADS, undefined, () => ({
    firstName: 'I',
    lastName: 'N',
    email: 'in@example.org',
    phone: '4',
    employeeId: 'E9',
    title: 'Medic',
    department: 'Emergency Medical Services',
    hireDate: '2024-01-01',
    programTypes: ['ems'],
  })),
  c(
    'PATCH /api/instructors/:id',
    [...LEADS, 'instructor'],
    (x) => `/api/instructors/${x.u.instructor.id}`,
    () => ({ title: 'Senior Medic' }),
  ),
  c(
    'PUT /api/instructors/:id',
    [...LEADS, 'instructor'],
    (x) => `/api/instructors/${x.u.instructor.id}`,
    () => ({ title: 'Senior Medic' }),
  ),
  c('GET /api/programs', ALL),
  c('POST /api/programs', LEADS, undefined, () => ({ name: 'AEMT', type: 'ems', duration: 12, requiredHours: 100 })),
  c(
    'PATCH /api/programs/:id',
    LEADS,
    (x) => `/api/programs/${x.w.other.id}`,
    () => ({ description: 'Updated' }),
  ),
  c(
    'PUT /api/programs/:id',
    LEADS,
    (x) => `/api/programs/${x.w.other.id}`,
    () => ({ description: 'Updated' }),
  ),
  c(
    'PUT /api/programs/:id/requirements',
    LEADS,
    (x) => `/api/programs/${x.w.other.id}/requirements`,
    () => ({ contactRules: null }),
  ),
  c('DELETE /api/programs/:id', LEADS, (x) => `/api/programs/${x.w.other.id}`),
  c('GET /api/programs/:id/users', STAFF, (x) => `/api/programs/${x.w.program.id}/users`),
  c(
    'POST /api/programs/:id/users',
    LEADS,
    (x) => `/api/programs/${x.w.other.id}/users`,
    (x) => ({ userId: x.u.instructor.id, assignedRole: 'instructor' }),
  ),
  c(
    'DELETE /api/programs/:id/users/:userId',
    LEADS,
    (x) => `/api/programs/${x.w.program.id}/users/${x.u.instructor.id}`,
  ),
  c('GET /api/sign-offs', ALL),
  c('POST /api/sign-offs', ['student'], undefined, (x) => signOffBody(x)),
  c(
    'POST /api/sign-offs/:id/review',
    SIGN_OFF_REVIEWERS,
    (x) => `/api/sign-offs/${x.w.signOff.id}/review`,
    () => ({ action: 'reject', note: 'Wrong preceptor' }),
  ),
  c('POST /api/sign-offs/:id/link', SIGN_OFF_REVIEWERS, (x) => `/api/sign-offs/${x.w.signOff.id}/link`),
  // only the preceptor it names (by their account's e-mail) may confirm it: nobody in this world is named
  c('POST /api/sign-offs/:id/confirm', [], (x) => `/api/sign-offs/${x.w.signOff.id}/confirm`, undefined, {
    instructor: 404,
    administration: 404,
    preceptor: 404,
    director: 404,
    clinical_coordinator: 404,
  }),
  c('GET /api/students', ALL),
  c('GET /api/students/:id', ALL, (x) => `/api/students/${x.w.student.id}`),
  c('POST /api/students', [...LEADS, 'instructor'], undefined, studentBody),
  c(
    'PATCH /api/students/:id',
    [...LEADS, 'instructor'],
    (x) => `/api/students/${x.w.student.id}`,
    () => ({ phone: '9' }),
  ),
  c(
    'PUT /api/students/:id',
    [...LEADS, 'instructor'],
    (x) => `/api/students/${x.w.student.id}`,
    () => ({ phone: '9' }),
  ),
  c('DELETE /api/students/:id', LEADS, (x) => `/api/students/${x.w.student.id}`),
  c('GET /api/skills', ALL),
  c('POST /api/skills', LEADS, undefined, () => ({
    name: 'New skill',
    category: 'Trauma Management',
    programType: 'ems',
    certificationLevel: 'emt',
  })),
  c(
    'PATCH /api/skills/:id',
    LEADS,
    (x) => `/api/skills/${x.w.skill.id}`,
    () => ({ minimumAttempts: 3 }),
  ),
  c(
    'PUT /api/skills/:id',
    LEADS,
    (x) => `/api/skills/${x.w.skill.id}`,
    () => ({ minimumAttempts: 3 }),
  ),
  c('DELETE /api/skills/:id', LEADS, (x) => `/api/skills/${x.w.skill.id}`),
  c('GET /api/student-skills', ALL),
  c('GET /api/student-skills/ems', ALL),
  c('POST /api/student-skills', [...LEADS, 'instructor', 'preceptor'], undefined, (x) => ({
    studentId: x.w.student.id,
    skillId: x.w.skill.id,
    status: 'in_progress',
    progressPercentage: 50,
    attempts: 1,
    successfulAttempts: 1,
  })),
  c('GET /api/task-books', ALL),
  c('GET /api/jpr-sign-offs', ALL),
  c('POST /api/task-books', LEADS, undefined, (x) => ({ id: crypto.randomUUID(), studentId: x.w.fire.unstarted.id }), {
    instructor: 400,
    student: 400,
  }),
  c(
    'POST /api/task-books/:id/jprs',
    LEADS,
    (x) => `/api/task-books/${x.w.fire.started.id}/jprs`,
    (x, role) => ({
      id: crypto.randomUUID(),
      skillId: x.w.fire.jpr.id,
      performedOn: new Date().toISOString().slice(0, 10),
      method: 'observed',
      passed: true,
      // the signing account's name (testApp names each account Test <role>)
      evaluator: { name: `Test ${role}`, number: 'L-1' },
      signature: { kind: 'typed', name: `Test ${role}` },
      capturedAt: new Date().toISOString(),
    }),
    OUTSIDE_FIRE,
  ),
  c(
    'POST /api/task-books/:id/verify',
    LEADS,
    (x) => `/api/task-books/${x.w.fire.complete.id}/verify`,
    bookSignature,
    OUTSIDE_FIRE,
  ),
  c(
    'POST /api/task-books/:id/certify',
    LEADS,
    (x) => `/api/task-books/${x.w.fire.verified.id}/certify`,
    bookSignature,
    OUTSIDE_FIRE,
  ),
  c(
    'PUT /api/programs/:id/task-book-rules',
    LEADS,
    (x) => `/api/programs/${x.w.other.id}/task-book-rules`,
    () => ({
      attemptsPerDay: 2,
      attemptDays: 3,
    }),
  ),
  c('GET /api/skill-attempts', ALL),
  c(
    'GET /api/student-skills/history',
    ALL,
    (x) => `/api/student-skills/history?studentId=${x.w.student.id}&skillId=${x.w.skill.id}`,
  ),
  c('POST /api/skill-attempts', [...LEADS, 'instructor', 'preceptor', 'student'], undefined, (x) => ({
    studentId: x.w.student.id,
    skillId: x.w.skill.id,
    attemptedAt: '2026-03-01T09:00:00.000Z',
    setting: 'lab',
    outcome: 'successful',
  })),
  c(
    'POST /api/skill-attempts/:id/void',
    [...REVIEWERS, 'instructor', 'preceptor'],
    (x) => `/api/skill-attempts/${x.w.attempt.id}/void`,
    () => ({ reason: 'Logged for the wrong student' }),
  ),
  c('GET /api/patient-contacts', ALL),
  c('POST /api/patient-contacts', [...LEADS, 'instructor', 'preceptor', 'student'], undefined, (x) => ({
    studentId: x.w.student.id,
    date: '2026-03-01',
    setting: 'clinical',
    ageYears: 58,
    gender: 'male',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    careLevel: 'als',
    disposition: 'transported',
  })),
  c('GET /api/clinical-sites', ALL),
  c('POST /api/clinical-sites', REVIEWERS, undefined, () => siteBody),
  c(
    'PATCH /api/clinical-sites/:id',
    REVIEWERS,
    (x) => `/api/clinical-sites/${x.w.site.id}`,
    () => ({ notes: 'Parking at the back' }),
  ),
  c(
    'PUT /api/clinical-sites/:id',
    REVIEWERS,
    (x) => `/api/clinical-sites/${x.w.site.id}`,
    () => ({ notes: 'Parking at the back' }),
  ),
  c('DELETE /api/clinical-sites/:id', REVIEWERS, (x) => `/api/clinical-sites/${x.w.site.id}`),
  c('GET /api/site-emails', STAFF),
  c('GET /api/clinical-sites/:id/emails', STAFF, (x) => `/api/clinical-sites/${x.w.site.id}/emails`),
  c(
    'POST /api/clinical-sites/:id/emails',
    REVIEWERS,
    (x) => `/api/clinical-sites/${x.w.site.id}/emails`,
    () => ({ emailAddress: 'icu@general.test' }),
  ),
  c(
    'DELETE /api/clinical-sites/:id/emails/:emailId',
    REVIEWERS,
    (x) => `/api/clinical-sites/${x.w.site.id}/emails/${x.w.siteEmail.id}`,
  ),
  c('GET /api/dors', ALL),
  c(
    'PUT /api/programs/:id/dor-settings',
    LEADS,
    (x) => `/api/programs/${x.w.third.id}/dor-settings`,
    () => ({ categories: [{ code: 'officer-safety', name: 'Officer Safety', group: 'Critical' }], phaseRules: [] }),
  ),
  c('GET /api/clinical-hours', ALL),
  c('POST /api/clinical-hours', ALL, undefined, (x) => ({
    studentId: x.w.student.id,
    date: '2026-03-01',
    hoursCompleted: 4,
  })),
  c(
    'DELETE /api/clinical-hours/:id',
    [...LEADS, 'preceptor'],
    (x) => `/api/clinical-hours/${x.w.hours.id}?reason=Wrong%20student`,
  ),
  c(
    'DELETE /api/patient-contacts/:id',
    [...LEADS, 'preceptor'],
    (x) => `/api/patient-contacts/${x.w.contact.id}?reason=Wrong%20student`,
  ),
  c('GET /api/documents', ALL),
  c('POST /api/documents', STAFF, undefined, () => {
    const form = new FormData();
    form.set('file', new File(['plain text'], 'notes.txt', { type: 'text/plain' }));
    for (const [k, v] of Object.entries({ name: 'Notes', type: 'Form', programType: 'general', isPublic: 'true' }))
      form.set(k, v);
    return form;
  }),
  c('GET /api/documents/:id/download', ALL, (x) => `/api/documents/${x.w.document.id}/download`),
  c('DELETE /api/documents/:id', LEADS, (x) => `/api/documents/${x.w.document.id}`),
  c('GET /api/messages', ALL),
  c('POST /api/messages', ALL, undefined, (x, role) => ({
    recipientId: role === 'director' ? x.u.student.id : x.u.director.id,
    subject: 'S',
    content: 'C',
  })),
  c('POST /api/messages/:id/read', ['student'], (x) => `/api/messages/${x.w.message.id}/read`, undefined, {
    ...messageParties,
    director: notRecipient('instructor'),
  }),
  c(
    'PATCH /api/messages/:id',
    ['student', 'director'],
    (x) => `/api/messages/${x.w.message.id}`,
    () => ({ isStarred: true }),
    messageParties,
  ),
  c(
    'PUT /api/messages/:id',
    ['student', 'director'],
    (x) => `/api/messages/${x.w.message.id}`,
    () => ({ isStarred: true }),
    messageParties,
  ),
  c(
    'DELETE /api/messages/:id',
    ['student', 'director'],
    (x) => `/api/messages/${x.w.message.id}`,
    undefined,
    messageParties,
  ),
  c('GET /api/requests/:kind', ALL, () => '/api/requests/program-join'),
  c(
    'POST /api/requests/:kind',
    ALL,
    () => '/api/requests/program-join',
    (x) => ({ programId: x.w.third.id, requestedRole: 'student', justification: 'I want to join this one' }),
  ),
  c(
    'POST /api/requests/:kind/:id/approve',
    REVIEWERS,
    (x) => `/api/requests/program-join/${x.w.joinRequest.id}/approve`,
    () => ({ reviewNotes: 'ok' }),
  ),
  c(
    'POST /api/requests/:kind/:id/deny',
    REVIEWERS,
    (x) => `/api/requests/program-join/${x.w.joinRequest.id}/deny`,
    () => ({ reviewNotes: 'no' }),
  ),
  c('DELETE /api/requests/:kind/:id', LEADS, (x) => `/api/requests/program-join/${x.w.joinRequest.id}`),
  c('GET /api/preceptor-requests', LEADS),
  c('POST /api/preceptor-requests', ALL, undefined, (x) => ({
    clinicalSiteId: x.w.site.id,
    studentId: x.w.student.id,
    requestedDates: [x.w.tomorrow],
    justification: 'More airway practice please',
  })),
  c(
    'POST /api/preceptor-requests/:id/review',
    LEADS,
    (x) => `/api/preceptor-requests/${x.w.preceptorRequest.id}/review`,
    () => ({ action: 'approve' }),
  ),
  c('GET /api/accreditation/requirements', STAFF),
  c(
    'PATCH /api/accreditation/requirements/:id',
    LEADS,
    (x) => `/api/accreditation/requirements/${x.w.requirement.id}`,
    () => ({ completionStatus: 'completed' }),
  ),
  c(
    'PUT /api/accreditation/requirements/:id',
    LEADS,
    (x) => `/api/accreditation/requirements/${x.w.requirement.id}`,
    () => ({ completionStatus: 'completed' }),
  ),
  c('GET /api/ram/assessments', STAFF, () => '/api/ram/assessments?year=2025'),
  c(
    'PATCH /api/ram/assessments/:id',
    LEADS,
    (x) => `/api/ram/assessments/${x.w.ram.id}`,
    () => ({ compliancePercentage: 85 }),
  ),
  c(
    'PUT /api/ram/assessments/:id',
    LEADS,
    (x) => `/api/ram/assessments/${x.w.ram.id}`,
    () => ({ compliancePercentage: 85 }),
  ),
  c('GET /api/audit', LEADS),
  c('GET /api/audit/export', LEADS),
  c('GET /api/dashboard/stats', ALL),
  c('GET /api/dashboard/activity', ALL),
  c('GET /api/dashboard/deadlines', ALL),
  c('GET /api/reports/progress', ALL),
  c('GET /api/reports/program-summaries', ALL),
  c('GET /api/reports/progress-trend', ALL),
  c('GET /api/reports/graduation', ALL),
  c('GET /api/reports/graduation-stats', ALL),
  c('GET /api/reports/compliance', STAFF),
  c('GET /api/reports/compliance-by-standard', STAFF),
  c('GET /api/reports/compliance-summary', STAFF),
  c('POST /api/sync/push', ALL, undefined, () => ({
    pushVersion: 1,
    clientGroupId: 'g',
    clientId: crypto.randomUUID(),
    mutations: [],
  })),
  c('GET /api/students/:id/smc', ALL, (x) => `/api/students/${x.w.student.id}/smc`),
  c('GET /api/reports/smc', ALL),
  c('POST /api/imports/inspect', IMPORTERS, undefined, sitesFile),
  c('POST /api/imports', IMPORTERS, undefined, sitesFile),
  c('GET /api/imports', SIGN_OFF_REVIEWERS, (x) => `/api/imports?programId=${x.w.program.id}`),
  // no import of that id: the queue's roles are told it is not there, others that they may not attest
  c('POST /api/imports/:id/attest', [], () => '/api/imports/no-such-import/attest', undefined, {
    director: 404,
    administration: 404,
    instructor: 404,
    clinical_coordinator: 404,
  }),
  c('GET /api/shifts', ALL, (x) => `/api/shifts?from=${x.w.tomorrow}`),
  c('POST /api/shifts', SHIFT_MANAGERS, undefined, (x) => ({
    programId: x.w.program.id,
    type: 'field',
    date: x.w.tomorrow,
    startTime: '08:00',
    durationMinutes: 600,
    slots: 2,
  })),
  c(
    'PATCH /api/shifts/:id',
    SHIFT_MANAGERS,
    (x) => `/api/shifts/${x.w.openShift.id}`,
    () => ({ changes: { unit: 'ICU' } }),
  ),
  c(
    'POST /api/shifts/:id/cancel',
    SHIFT_MANAGERS,
    (x) => `/api/shifts/${x.w.openShift.id}/cancel`,
    () => ({ reason: 'Unit closed' }),
  ),
  c(
    'POST /api/shifts/:id/bookings',
    ['student', ...SHIFT_MANAGERS],
    (x) => `/api/shifts/${x.w.freeShift.id}/bookings`,
    (x, role) => (role === 'student' ? {} : { studentId: x.w.student.id }),
  ),
  c('DELETE /api/shift-bookings/:id', ['student', ...SHIFT_MANAGERS], (x) => `/api/shift-bookings/${x.w.booking.id}`),
  c(
    'POST /api/shift-bookings/:id/approve-hours',
    [...SHIFT_MANAGERS, 'preceptor'],
    (x) => `/api/shift-bookings/${x.w.clocked.id}/approve-hours`,
  ),
  c(
    'PUT /api/programs/:id/clock-window',
    REVIEWERS,
    (x) => `/api/programs/${x.w.program.id}/clock-window`,
    () => ({ clockEarlyMinutes: 15, clockLateMinutes: 10 }),
  ),
  c(
    'PUT /api/clinical-sites/:id/location',
    REVIEWERS,
    (x) => `/api/clinical-sites/${x.w.site.id}/location`,
    () => ({ latitude: 30.27, longitude: -97.74, radiusMeters: 300 }),
  ),
  c('POST /api/student-credentials', SHIFT_MANAGERS, undefined, (x) => ({
    studentId: x.w.student.id,
    kind: 'cpr',
    expiresOn: '2027-06-30',
  })),
  c('GET /api/annual-report', ANNUAL, (x) => `/api/annual-report?programId=${x.w.program.id}&year=2026`),
  c('PUT /api/annual-report/outcomes', ANNUAL, undefined, (x) => ({
    studentId: x.w.student.id,
    exitDate: '2026-01-05',
    exitReason: 'attrition',
  })),
  c('POST /api/annual-report/exam-attempts', ANNUAL, undefined, (x) => {
    graduate(x.h, x.w.student);
    return { studentId: x.w.student.id, attemptNumber: 1, takenOn: '2026-01-05', passed: true };
  }),
  c('DELETE /api/annual-report/exam-attempts/:id', ANNUAL, (x) => {
    graduate(x.h, x.w.student);
    const attempt = asSystem(x.h.db, 'fixture', (ctx) =>
      ctx.insert(t.examAttempts, {
        studentId: x.w.student.id,
        programId: x.w.program.id,
        attemptNumber: 1,
        takenOn: '2026-01-05',
        passed: false,
        recordedBy: x.u.director.id,
      }),
    );
    return `/api/annual-report/exam-attempts/${attempt.id}`;
  }),
  c('GET /api/annual-report/cohort-smc', ANNUAL, (x) => `/api/annual-report/cohort-smc?programId=${x.w.program.id}`),
  c(
    'GET /api/annual-report/cohort-smc.csv',
    ANNUAL,
    (x) => `/api/annual-report/cohort-smc.csv?programId=${x.w.program.id}`,
  ),
  c(
    'GET /api/annual-report/cohort-smc.pdf',
    ANNUAL,
    (x) => `/api/annual-report/cohort-smc.pdf?programId=${x.w.program.id}`,
  ),
  c('GET /api/students/:id/portfolio', ALL, (x) => `/api/students/${x.w.student.id}/portfolio`),
  c('GET /api/students/:id/portfolio.pdf', ALL, (x) => `/api/students/${x.w.student.id}/portfolio.pdf`),
  c('GET /api/students/:id/portfolio.csv', ALL, (x) => `/api/students/${x.w.student.id}/portfolio.csv`),
  c('GET /api/students/:id/portfolio.xlsx', ALL, (x) => `/api/students/${x.w.student.id}/portfolio.xlsx`),
  c(
    'POST /api/students/:id/attestations',
    ['director'],
    (x) => {
      asSystem(x.h.db, 'fixture', (ctx) => ctx.update(t.programs, x.w.program, { directorId: x.u.director.id }));
      return `/api/students/${x.w.student.id}/attestations`;
    },
    () => ({ exception: 'Minimums met at the partner academy, records attached to the file' }),
  ),
  c('GET /api/calendar-feed', ALL),
  c('POST /api/calendar-feed', ALL),
  c('DELETE /api/calendar-feed', ALL),
  c('GET /api/exports/mine', ALL),
  c('GET /api/exports/programs/:id', LEADS, (x) => `/api/exports/programs/${x.w.program.id}`),
  c('POST /api/sync/pull', ALL, undefined, () => ({
    pullVersion: 1,
    clientGroupId: 'g',
    clientId: crypto.randomUUID(),
    cookie: null,
  })),
];

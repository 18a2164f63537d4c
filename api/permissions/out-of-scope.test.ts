/**
 * A record outside the caller's scope answers exactly as an id that exists nowhere: same status, same body, and
 * nothing changes. Otherwise a 403 for one id and a 404 for another tells anyone which ids are real. Every write route
 * that takes a record id (in its path or as a form's studentId) is here, or listed with the reason no caller can
 * be kept from seeing its records.
 */
import { beforeEach, describe, expect, it } from 'vitest';

import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '../test/helpers.ts';

let h: TestApp;
const ids: Record<string, string> = {};

beforeEach(() => {
  h = testApp();
  const programA = h.program({ name: 'EMT A', type: 'ems' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]);
  const programB = h.program({ name: 'Fire B', type: 'fire', certificationLevel: 'firefighter_1' });
  asSystem(h.db, 'fixture', (ctx) => {
    ctx.update(t.programs, programB, { directorId: h.users.director.id });
    const other = ctx.insert(t.users, {
      email: 'other@test.local',
      passwordHash: 'x',
      firstName: 'Otto',
      lastName: 'Other',
      role: 'student',
    });
    const student = (programId: string, name: string, userId: string | null) =>
      ctx.insert(t.students, {
        userId,
        firstName: name,
        lastName: name,
        email: `${name.toLowerCase()}@test.local`,
        phone: '555-0100',
        studentCode: name,
        programId,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    ids.own = student(programA.id, 'Owner', h.users.student.id);
    ids.peer = student(programA.id, 'Peer', null);
    ids.far = student(programB.id, 'Far', other.id);
    ids.farTwo = student(programB.id, 'Farther', null);
    ids.skill = ctx.insert(t.skills, {
      code: 'k1',
      name: 'Splinting',
      category: 'Trauma Management',
      programType: 'ems',
      certificationLevel: 'emt',
    }).id;
    ids.site = ctx.insert(t.clinicalSites, {
      name: 'General',
      type: 'Hospital',
      address: '1 Main',
      programTypes: ['ems'],
      specialties: [],
    }).id;
    ids.farHours = ctx.insert(t.clinicalHours, {
      studentId: ids.far,
      date: '2026-03-01',
      hoursCompleted: 4,
      recordedBy: h.users.director.id,
    }).id;
    ids.farContact = ctx.insert(t.patientContacts, {
      ...contact(ids.far),
      gender: 'female',
      careLevel: 'bls',
      disposition: 'transported',
      recordedBy: h.users.director.id,
    }).id;
    ids.farAttempt = ctx.insert(t.skillAttempts, {
      studentId: ids.far,
      skillId: ids.skill,
      attemptedAt: '2026-03-01T09:00:00.000Z',
      setting: 'lab',
      outcome: 'successful',
      participation: 'performed',
      attemptsDelta: 1,
      successfulDelta: 1,
      recordedBy: h.users.director.id,
      verifiedBy: h.users.director.id,
    }).id;
    for (const key of ['farSignOff', 'farSignOffForLink']) {
      ids[key] = ctx.insert(t.signOffs, {
        studentId: ids.far,
        records: [{ kind: 'attempt', id: ids.farAttempt }],
        contentHash: '0'.repeat(64),
        hash: '1'.repeat(64),
        deviceId: 'device-0001',
        capturedAt: '2026-03-01T12:00:00.000Z',
        preceptor: { name: 'P', credential: 'EMT', number: '1', agency: 'A', contact: 'p@example.org' },
        evaluation: {},
        teamLeadScores: {},
        signature: { width: 100, height: 50, strokes: [[1, 1, 2, 2]] },
        recordedBy: h.users.director.id,
        status: 'awaiting',
      }).id;
    }
    ids.ownAttempt = ctx.insert(t.skillAttempts, {
      studentId: ids.own,
      skillId: ids.skill,
      attemptedAt: '2026-03-01T09:00:00.000Z',
      setting: 'lab',
      outcome: 'successful',
      participation: 'performed',
      attemptsDelta: 1,
      successfulDelta: 1,
      recordedBy: h.users.student.id,
    }).id;
    ids.farVoid = ctx.insert(t.skillAttemptVoids, {
      attemptId: ids.farAttempt,
      studentId: ids.far,
      skillId: ids.skill,
      reason: 'Logged twice',
      voidedBy: h.users.director.id,
    }).id;
    // fire task books of program B: one in progress with its JPRs half signed, one verified by administration
    const [fireSkill, fireSkill2] = ['4.3.1', '4.3.6'].map(
      (ref) =>
        ctx.insert(t.skills, {
          code: `ff1-${ref}`,
          name: `JPR ${ref}`,
          category: 'Fireground',
          programType: 'fire',
          certificationLevel: 'firefighter_1',
        }).id,
    );
    ids.fireSkill2 = fireSkill2;
    const book = (studentId: string, state: string) =>
      ctx.insert(t.taskBooks, {
        studentId,
        programId: programB.id,
        level: 'firefighter_1',
        state,
        startedBy: h.users.director.id,
        startedOn: '2026-01-01',
        verifiedBy: state === 'verified' ? h.users.administration.id : null,
      }).id;
    ids.farBook = book(ids.far, 'started');
    ids.farVerifiedBook = book(student(programB.id, 'Verified', null), 'verified');
    const farthest = student(programB.id, 'Farthest', null);
    ids.farCompleteBook = book(farthest, 'started');
    const signed = (taskBookId: string, studentId: string, skillId: string) =>
      ctx.insert(t.jprSignOffs, {
        taskBookId,
        studentId,
        skillId,
        performedOn: new Date().toISOString().slice(0, 10),
        method: 'observed',
        passed: true,
        steps: [],
        inTraining: false,
        attemptNumber: 1,
        dayNumber: 1,
        evaluatorName: 'Dana',
        evaluatorNumber: 'D-1',
        evaluatorId: h.users.director.id,
        signature: { kind: 'typed', name: 'Dana' },
        capturedAt: new Date().toISOString(),
        recordedBy: h.users.director.id,
      });
    signed(ids.farBook, ids.far, fireSkill);
    for (const skillId of [fireSkill, fireSkill2]) signed(ids.farCompleteBook, farthest, skillId);
    ids.farRequest = ctx.insert(t.requests, {
      kind: 'preceptor',
      userId: other.id,
      studentId: ids.far,
      clinicalSiteId: ids.site,
      justification: 'More airway practice please',
    }).id;
    ids.otherMessage = ctx.insert(t.messages, {
      senderId: other.id,
      recipientId: h.users.director.id,
      subject: 'S',
      content: 'C',
    }).id;
    ids.farDocument = ctx.insert(t.documents, {
      name: 'Fire tactics',
      type: 'Policy',
      programType: 'fire',
      programId: programB.id,
      isPublic: false,
      fileName: 'f.txt',
      storedName: crypto.randomUUID(),
      mimeType: 'text/plain',
      fileSize: 3,
      uploadedBy: h.users.director.id,
    }).id;
    ids.farImport = ctx.insert(t.importBatches, {
      programId: programB.id,
      kind: 'hours',
      fileName: 'hours.csv',
      fileHash: 'h',
      rowCount: 0,
      mapping: {},
      importedBy: h.users.director.id,
    }).id;
    ids.otherRequest = ctx.insert(t.requests, {
      kind: 'role-change',
      userId: other.id,
      programId: programB.id,
      currentRole: 'student',
      requestedRole: 'preceptor',
      justification: 'Promote me please',
    }).id;
    const farShift = (slots: number) =>
      ctx.insert(t.shifts, {
        programId: programB.id,
        type: 'field',
        date: '2099-05-01',
        startTime: '08:00',
        durationMinutes: 480,
        slots,
        bookedCount: 1,
        createdBy: h.users.director.id,
      }).id;
    ids.farShift = farShift(3);
    ids.farBooking = ctx.insert(t.shiftBookings, {
      shiftId: ids.farShift,
      studentId: ids.far,
      bookedBy: h.users.director.id,
    }).id;
    const clockedShift = farShift(1);
    ids.farClocked = ctx.insert(t.shiftBookings, {
      shiftId: clockedShift,
      studentId: ids.far,
      bookedBy: h.users.director.id,
      clockInAt: '2099-05-01T08:00',
      clockOutAt: '2099-05-01T16:00',
      hoursEntryId: ids.farHours,
    }).id;
  });
});

interface Case {
  route: string;
  /** Who calls, and which existing record they may not see (read once the records exist). */
  callers: () => [Role, string][];
  /** The record it names: the director may act on it with the same request, so the refusals above are about scope alone. */
  record: () => string;
  path?: (id: string) => string;
  body?: (id: string) => unknown;
}

const progress = (studentId: string) => ({
  studentId,
  skillId: ids.skill,
  status: 'in_progress',
  progressPercentage: 50,
  attempts: 1,
  successfulAttempts: 1,
});
const attempt = (studentId: string) => ({
  studentId,
  skillId: ids.skill,
  attemptedAt: '2026-03-02T09:00:00.000Z',
  setting: 'clinical',
  outcome: 'unsuccessful',
});
const contact = (studentId: string) => ({
  studentId,
  date: '2026-03-02',
  setting: 'field',
  ageYears: 7,
  gender: 'female',
  chiefComplaints: ['Fever'],
  primaryImpression: 'Other',
  careLevel: 'bls',
  disposition: 'transported',
});
const hours = (studentId: string) => ({ studentId, date: '2026-03-02', hoursCompleted: 3 });
const preceptorRequest = (studentId: string) => ({
  studentId,
  clinicalSiteId: ids.site,
  requestedDates: 'Any weekend in May',
  justification: 'More airway practice please',
});
const timeRequest = (studentId: string) => ({
  studentId,
  clinicalSiteId: ids.site,
  startAt: '2099-05-01T08:00:00.000Z',
  endAt: '2099-05-01T16:00:00.000Z',
  requestedHours: 8,
});
const siteRequest = (studentId: string) => ({
  studentId,
  clinicalSiteId: ids.site,
  requestedDates: ['2099-05-01'],
  justification: 'More airway practice please',
});

/** Staff of program A do not see program B's student; a student sees only their own record. */
const studentCallers = (): [Role, string][] => [
  ['instructor', ids.far],
  ['preceptor', ids.far],
  ['student', ids.peer],
  ['student', ids.far],
];

const bookSignature = () => ({
  name: 'Test director',
  signature: { kind: 'typed', name: 'Test director' },
  capturedAt: new Date().toISOString(),
});
const bookCallers = (book: string) => (): [Role, string][] => [
  ['instructor', ids[book]],
  ['preceptor', ids[book]],
  ['student', ids[book]],
];

const CASES: Case[] = [
  {
    route: 'POST /api/task-books/:id/jprs',
    callers: bookCallers('farBook'),
    record: () => ids.farBook,
    path: (id) => `/api/task-books/${id}/jprs`,
    body: () => ({
      id: crypto.randomUUID(),
      skillId: ids.fireSkill2,
      performedOn: new Date().toISOString().slice(0, 10),
      method: 'observed',
      passed: false,
      evaluator: { name: 'Test director', number: 'D-1' },
      signature: { kind: 'typed', name: 'Test director' },
      capturedAt: new Date().toISOString(),
    }),
  },
  {
    route: 'POST /api/task-books/:id/verify',
    callers: bookCallers('farCompleteBook'),
    record: () => ids.farCompleteBook,
    path: (id) => `/api/task-books/${id}/verify`,
    body: bookSignature,
  },
  {
    route: 'POST /api/task-books/:id/certify',
    callers: bookCallers('farVerifiedBook'),
    record: () => ids.farVerifiedBook,
    path: (id) => `/api/task-books/${id}/certify`,
    body: bookSignature,
  },
  {
    route: 'POST /api/sign-offs/:id/review',
    callers: () => [['instructor', ids.farSignOff]],
    record: () => ids.farSignOff,
    path: (id) => `/api/sign-offs/${id}/review`,
    body: () => ({ action: 'reject', note: 'Not our preceptor' }),
  },
  {
    route: 'POST /api/sign-offs/:id/link',
    callers: () => [['instructor', ids.farSignOffForLink]],
    record: () => ids.farSignOffForLink,
    path: (id) => `/api/sign-offs/${id}/link`,
  },
  {
    route: 'GET /api/students/:id',
    callers: studentCallers,
    record: () => ids.far,
    path: (id) => `/api/students/${id}`,
  },
  {
    route: 'POST /api/students/:id/attestations',
    callers: studentCallers,
    record: () => ids.far,
    path: (id) => `/api/students/${id}/attestations`,
    // the director signs as program B's named Program Director; the student is short of minimums, hence the exception
    body: () => ({ exception: 'Minimums met at the partner academy, records attached to the file' }),
  },
  {
    route: 'PATCH /api/students/:id',
    callers: studentCallers,
    record: () => ids.far,
    path: (id) => `/api/students/${id}`,
    body: () => ({ phone: '9' }),
  },
  {
    route: 'PUT /api/students/:id',
    callers: studentCallers,
    record: () => ids.far,
    path: (id) => `/api/students/${id}`,
    body: () => ({ phone: '9' }),
  },
  {
    route: 'DELETE /api/students/:id',
    callers: studentCallers,
    record: () => ids.far,
    path: (id) => `/api/students/${id}`,
  },
  { route: 'POST /api/student-skills', callers: studentCallers, record: () => ids.far, body: progress },
  { route: 'POST /api/clinical-hours', callers: studentCallers, record: () => ids.far, body: hours },
  { route: 'POST /api/skill-attempts', callers: studentCallers, record: () => ids.far, body: attempt },
  { route: 'POST /api/patient-contacts', callers: studentCallers, record: () => ids.far, body: contact },
  {
    route: 'POST /api/skill-attempts/:id/void',
    callers: () => [
      ['instructor', ids.farAttempt],
      ['preceptor', ids.farAttempt],
      ['student', ids.farAttempt],
    ],
    record: () => ids.farAttempt,
    path: (id) => `/api/skill-attempts/${id}/void`,
    body: () => ({ reason: 'Wrong student' }),
  },
  {
    route: 'DELETE /api/clinical-hours/:id',
    callers: () => [
      ['instructor', ids.farHours],
      ['preceptor', ids.farHours],
      ['student', ids.farHours],
    ],
    record: () => ids.farHours,
    path: (id) => `/api/clinical-hours/${id}?reason=Wrong%20student`,
  },
  {
    route: 'DELETE /api/patient-contacts/:id',
    callers: () => [
      ['instructor', ids.farContact],
      ['preceptor', ids.farContact],
      ['student', ids.farContact],
    ],
    record: () => ids.farContact,
    path: (id) => `/api/patient-contacts/${id}?reason=Wrong%20student`,
  },
  {
    route: 'POST /api/requests/:kind',
    callers: studentCallers,
    record: () => ids.far,
    path: () => '/api/requests/preceptor',
    body: preceptorRequest,
  },
  {
    route: 'POST /api/requests/:kind',
    callers: studentCallers,
    record: () => ids.far,
    path: () => '/api/requests/clinical-time',
    body: timeRequest,
  },
  { route: 'POST /api/preceptor-requests', callers: studentCallers, record: () => ids.far, body: siteRequest },
  {
    route: 'DELETE /api/documents/:id',
    callers: () => [
      ['instructor', ids.farDocument],
      ['student', ids.farDocument],
    ],
    record: () => ids.farDocument,
    path: (id) => `/api/documents/${id}`,
  },
  ...[
    'POST /api/messages/:id/read',
    'PATCH /api/messages/:id',
    'PUT /api/messages/:id',
    'DELETE /api/messages/:id',
  ].map((route): Case => ({
    route,
    callers: () => [
      ['instructor', ids.otherMessage],
      ['student', ids.otherMessage],
    ],
    record: () => ids.otherMessage,
    path: (id) => route.split(' ')[1].replace(':id', id),
    body: route.includes('/read') || route.startsWith('DELETE') ? undefined : () => ({ isStarred: true }),
  })),
  ...['approve', 'deny'].map((decision): Case => ({
    route: `POST /api/requests/:kind/:id/${decision}`,
    callers: () => [
      ['student', ids.otherRequest],
      ['instructor', ids.otherRequest],
    ],
    record: () => ids.otherRequest,
    path: (id) => `/api/requests/role-change/${id}/${decision}`,
    body: () => ({ reviewNotes: 'ok' }),
  })),
  ...['PATCH /api/shifts/:id', 'POST /api/shifts/:id/cancel', 'POST /api/shifts/:id/bookings'].map((route): Case => ({
    route,
    callers: () => [
      ['instructor', ids.farShift],
      ['preceptor', ids.farShift],
      ['student', ids.farShift],
    ],
    record: () => ids.farShift,
    path: (id) => route.split(' ')[1].replace(':id', id),
    body: () =>
      route.endsWith('bookings')
        ? { studentId: ids.farTwo }
        : route.endsWith('cancel')
          ? { reason: 'Unit closed' }
          : { changes: { unit: 'Medic 7' } },
  })),
  ...[
    ['DELETE /api/shift-bookings/:id', 'farBooking'],
    ['POST /api/shift-bookings/:id/approve-hours', 'farClocked'],
  ].map(([route, record]): Case => ({
    route,
    callers: () => [
      ['instructor', ids[record]],
      ['preceptor', ids[record]],
      ['student', ids[record]],
    ],
    record: () => ids[record],
    path: (id) => route.split(' ')[1].replace(':id', id),
  })),
  {
    route: 'POST /api/student-credentials',
    callers: studentCallers,
    record: () => ids.far,
    body: (studentId) => ({ studentId, kind: 'immunization', expiresOn: '2099-01-01' }),
  },
  {
    route: 'POST /api/imports/:id/attest',
    callers: () => [['instructor', ids.farImport]],
    record: () => ids.farImport,
    path: (id) => `/api/imports/${id}/attest`,
  },
  {
    route: 'DELETE /api/requests/:kind/:id',
    callers: () => [
      ['student', ids.otherRequest],
      ['instructor', ids.otherRequest],
    ],
    record: () => ids.otherRequest,
    path: (id) => `/api/requests/role-change/${id}`,
  },
];

/** Write routes whose records every signed-in caller may see (or, for staff-only ones, whose callers all see them), so no id is hidden from anyone who may call them. */
const SEEN_BY_ALL_CALLERS = new Set([
  'PATCH /api/skills/:id',
  'PUT /api/skills/:id',
  'DELETE /api/skills/:id',
  'PATCH /api/programs/:id',
  'PUT /api/programs/:id',
  'PUT /api/programs/:id/requirements',
  'PUT /api/programs/:id/dor-settings',
  'PUT /api/programs/:id/task-book-rules',
  'PUT /api/programs/:id/clock-window',
  'DELETE /api/programs/:id',
  'POST /api/programs/:id/users',
  'DELETE /api/programs/:id/users/:userId',
  'PUT /api/users/:id',
  'DELETE /api/users/:id',
  'PATCH /api/clinical-sites/:id',
  'PUT /api/clinical-sites/:id',
  'DELETE /api/clinical-sites/:id',
  'PUT /api/clinical-sites/:id/location',
  'POST /api/clinical-sites/:id/emails',
  'DELETE /api/clinical-sites/:id/emails/:emailId',
  // instructors: non-managers may edit only themselves, so every other id answers 403 whether it exists or not
  'PATCH /api/instructors/:id',
  'PUT /api/instructors/:id',
  // directors and administration only, who see every requirement, assessment and preceptor request
  'PATCH /api/accreditation/requirements/:id',
  'PUT /api/accreditation/requirements/:id',
  'PATCH /api/ram/assessments/:id',
  'PUT /api/ram/assessments/:id',
  'POST /api/preceptor-requests/:id/review',
  // directors and clinical coordinators only, who see every program's exam attempts (annual-report.test.ts: guessed ids)
  'DELETE /api/annual-report/exam-attempts/:id',
  // the preceptor's confirm link names a token, not a record; anyone holding it may answer
  'POST /api/sign-off-links/:token',
  // 404 to everyone but the preceptor it names, whether the id exists or not
  'POST /api/sign-offs/:id/confirm',
]);

const answer = async (role: Role, method: string, path: string, body: unknown) => {
  const res = await h.as(role, method, path, body);
  return { status: res.status, body: await res.text() };
};

describe("an id out of the caller's scope answers as an unknown id", () => {
  it('covers every write route that takes a record id', () => {
    const takesId = h.app.routes
      .filter((r) => r.method !== 'GET' && r.method !== 'ALL' && /:(?!kind\b)[a-zA-Z]+/.test(r.path))
      .map((r) => `${r.method} ${r.path}`);
    const covered = new Set([...CASES.map((c) => c.route), ...SEEN_BY_ALL_CALLERS]);
    expect([...new Set(takesId)].filter((r) => !covered.has(r))).toEqual([]);
  });

  for (const c of CASES) {
    it(`${c.route}${c.path ? ` (${c.path(':id')})` : ''}`, async () => {
      const [method, route] = c.route.split(' ');
      for (const [role, hidden] of c.callers()) {
        const unknown = crypto.randomUUID();
        const before = fingerprint(h.db);
        const outOfScope = await answer(role, method, c.path?.(hidden) ?? route, c.body?.(hidden));
        const nowhere = await answer(role, method, c.path?.(unknown) ?? route, c.body?.(unknown));
        expect(outOfScope.status, `${role}: ${outOfScope.body}`).toBeGreaterThanOrEqual(400);
        expect(outOfScope.body, role).toBe(nowhere.body);
        expect(outOfScope.status, role).toBe(nowhere.status);
        expect(fingerprint(h.db), role).toBe(before);
      }
      const allowed = await answer('director', method, c.path?.(c.record()) ?? route, c.body?.(c.record()));
      expect(allowed.status, `director: ${allowed.body}`).toBeLessThan(300);
    });
  }
});

interface DuplicateCase {
  /** A write that creates a record under an id the client chose (a device sending its change again reuses it). */
  route: string;
  /** Who calls, the record they may write to (a student, or an attempt), and another student's record they may not see. */
  callers: () => [Role, string, string][];
  /** The record no caller above may write to: the out-of-scope write the duplicate must answer as. */
  outOfScope: () => string;
  path?: (target: string) => string;
  /** The write to `target` creating the record `id`. */
  body: (target: string, id: string) => unknown;
  /** Whether the same write with a fresh id succeeds (a sign-off here carries made-up hashes). */
  freshSucceeds?: false;
}

const signOffRequest = (studentId: string, id: string) => ({
  id,
  studentId,
  records: [{ kind: 'attempt', id: ids.farAttempt }],
  contentHash: '0'.repeat(64),
  previousHash: null,
  hash: '1'.repeat(64),
  deviceId: 'device-0002',
  capturedAt: '2026-03-01T12:00:00.000Z',
  preceptor: { name: 'P', credential: 'EMT', number: '1', agency: 'A', contact: 'p@example.org' },
  attested: true,
  signature: { width: 100, height: 50, strokes: [[1, 1, 2, 2]] },
});

/** The student of program A writes for their own record, program A's instructor for a peer. */
const duplicateCallers = (hidden: () => string) => (): [Role, string, string][] => [
  ['student', ids.own, hidden()],
  ['instructor', ids.peer, hidden()],
];

const DUPLICATE_CASES: DuplicateCase[] = [
  {
    route: 'POST /api/sign-offs',
    callers: () => [['student', ids.own, ids.farSignOff]],
    outOfScope: () => ids.far,
    body: signOffRequest,
    freshSucceeds: false,
  },
  {
    route: 'POST /api/skill-attempts',
    callers: duplicateCallers(() => ids.farAttempt),
    outOfScope: () => ids.far,
    body: (studentId, id) => ({ ...attempt(studentId), id }),
  },
  {
    route: 'POST /api/patient-contacts',
    callers: duplicateCallers(() => ids.farContact),
    outOfScope: () => ids.far,
    body: (studentId, id) => ({ ...contact(studentId), id }),
  },
  {
    route: 'POST /api/clinical-hours',
    callers: duplicateCallers(() => ids.farHours),
    outOfScope: () => ids.far,
    body: (studentId, id) => ({ ...hours(studentId), id }),
  },
  {
    route: 'POST /api/requests/:kind',
    callers: duplicateCallers(() => ids.farRequest),
    outOfScope: () => ids.far,
    path: () => '/api/requests/preceptor',
    body: (studentId, id) => ({ ...preceptorRequest(studentId), id }),
  },
  {
    route: 'POST /api/skill-attempts/:id/void',
    callers: () => [['student', ids.ownAttempt, ids.farVoid]],
    outOfScope: () => ids.farAttempt,
    path: (attemptId) => `/api/skill-attempts/${attemptId}/void`,
    body: (_attemptId, id) => ({ id, reason: 'Wrong student' }),
  },
];

describe("a duplicate id of a record out of the caller's scope answers as any out-of-scope write", () => {
  for (const c of DUPLICATE_CASES) {
    it(c.route, async () => {
      const [method, route] = c.route.split(' ');
      const path = (target: string) => c.path?.(target) ?? route;
      for (const [role, mine, hidden] of c.callers()) {
        const before = fingerprint(h.db);
        const duplicate = await answer(role, method, path(mine), c.body(mine, hidden));
        const outOfScope = await answer(
          role,
          method,
          path(c.outOfScope()),
          c.body(c.outOfScope(), crypto.randomUUID()),
        );
        expect(duplicate.status, `${role}: ${duplicate.body}`).toBe(outOfScope.status);
        expect(duplicate.body, role).toBe(outOfScope.body);
        expect(fingerprint(h.db), role).toBe(before);
        if (c.freshSucceeds === false) continue;
        const fresh = await answer(role, method, path(mine), c.body(mine, crypto.randomUUID()));
        expect(fresh.status, `${role}: ${fresh.body}`).toBeLessThan(300);
      }
    });
  }
});

/**
 * Id guessing against every read: records a user must not see carry unique marker words ("canaries") in their text.
 * Every GET route the app registers is called by every role, with each hidden record's id in every path parameter
 * and as the usual query filters, and so is a full sync pull; no answer may contain a canary the role must not see.
 */
import { beforeAll, describe, expect, it } from 'vitest';

import { type Role, ROLES } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { asSystem } from '../seed/standards.ts';
import { type TestApp, testApp } from '../test/helpers.ts';

const CANARY = {
  peer: 'CanaryPeerStudent',
  far: 'CanaryFarStudent',
  peerNote: 'CanaryPeerProgress',
  farNote: 'CanaryFarProgress',
  peerHours: 'CanaryPeerHours',
  farHours: 'CanaryFarHours',
  msgLeads: 'CanaryLeadsMessage',
  msgOther: 'CanaryOtherMessage',
  docFar: 'CanaryFarDocument',
  docStaff: 'CanaryStaffDocument',
  request: 'CanaryOtherRequest',
  importFar: 'CanaryFarImport',
  farShift: 'CanaryFarShift',
  peerDor: 'CanaryPeerObservationReport',
  farDor: 'CanaryFarObservationReport',
  farJpr: 'CanaryFarJpr',
} as const;
type Canary = keyof typeof CANARY;

/** What each role must never read. The student user owns one record in program A; instructor and preceptor work in A. */
const HIDDEN: Record<Role, Canary[]> = {
  student: [
    'peer',
    'far',
    'peerNote',
    'farNote',
    'peerHours',
    'farHours',
    'msgLeads',
    'msgOther',
    'docFar',
    'docStaff',
    'request',
    'importFar',
    'farShift',
    'peerDor',
    'farDor',
    'farJpr',
  ],
  preceptor: [
    'far',
    'farNote',
    'farHours',
    'msgLeads',
    'msgOther',
    'docFar',
    'request',
    'importFar',
    'farShift',
    'farDor',
    'farJpr',
  ],
  instructor: [
    'far',
    'farNote',
    'farHours',
    'msgOther',
    'docFar',
    'request',
    'importFar',
    'farShift',
    'farDor',
    'farJpr',
  ],
  clinical_coordinator: ['msgLeads'],
  director: ['msgOther'],
  administration: ['msgLeads', 'msgOther'],
};

let h: TestApp;
const ids: Record<string, string> = {};

beforeAll(async () => {
  h = testApp({ standards: true });
  const programA = h.program({ name: 'EMT A', type: 'ems' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]);
  const programB = h.program({ name: 'Fire B', type: 'fire', certificationLevel: 'firefighter_1' });
  ids.programB = programB.id;
  const skill = h.db.select().from(t.skills).all()[0];
  asSystem(h.db, 'fixture', (ctx) => {
    const other = ctx.insert(t.users, {
      email: 'other@test.local',
      passwordHash: 'x',
      firstName: 'Otto',
      lastName: 'Other',
      role: 'student',
    });
    ids.otherUser = other.id;
    const student = (programId: string, lastName: string, userId: string | null) =>
      ctx.insert(t.students, {
        userId,
        firstName: lastName,
        lastName,
        email: `${lastName.toLowerCase()}@test.local`,
        phone: '555-0100',
        studentCode: lastName,
        programId,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      });
    ids.own = student(programA.id, 'Owner', h.users.student.id).id;
    ids.peer = student(programA.id, CANARY.peer, null).id;
    ids.far = student(programB.id, CANARY.far, other.id).id;
    for (const [who, note, hours] of [
      ['peer', CANARY.peerNote, CANARY.peerHours],
      ['far', CANARY.farNote, CANARY.farHours],
    ] as const) {
      ids[`${who}Progress`] = ctx.insert(t.studentSkills, {
        studentId: ids[who],
        skillId: skill.id,
        status: 'in_progress',
        progressPercentage: 50,
        notes: note,
      }).id;
      ids[`${who}Hours`] = ctx.insert(t.clinicalHours, {
        studentId: ids[who],
        date: '2026-03-01',
        hoursCompleted: 4,
        notes: hours,
        recordedBy: h.users.director.id,
      }).id;
      // no route takes a report's id, so it is not among the guessed ids (each one is tried on every route)
      ctx.insert(t.dors, {
        studentId: ids[who],
        ftoId: h.users.director.id,
        date: '2026-03-01',
        narrative: CANARY[`${who}Dor`],
      });
    }
    // a JPR of the far student's fire task book, its evaluator's comments the canary
    const farBook = ctx.insert(t.taskBooks, {
      studentId: ids.far,
      programId: programB.id,
      level: 'firefighter_1',
      state: 'started',
      startedBy: other.id,
      startedOn: '2026-01-01',
    });
    ids.farJpr = ctx.insert(t.jprSignOffs, {
      taskBookId: farBook.id,
      studentId: ids.far,
      skillId: skill.id,
      performedOn: '2026-03-01',
      method: 'observed',
      passed: false,
      steps: [],
      inTraining: false,
      attemptNumber: 1,
      dayNumber: 1,
      comments: CANARY.farJpr,
      evaluatorName: 'Evaluator',
      evaluatorNumber: 'E-1',
      evaluatorId: h.users.director.id,
      signature: { kind: 'typed', name: 'Evaluator' },
      capturedAt: '2026-03-01T12:00:00.000Z',
      recordedBy: h.users.director.id,
    }).id;
    const message = (senderId: string, recipientId: string, text: string) =>
      ctx.insert(t.messages, { senderId, recipientId, subject: text, content: `${text} body` }).id;
    ids.msgLeads = message(h.users.director.id, h.users.instructor.id, CANARY.msgLeads);
    ids.msgOther = message(other.id, h.users.clinical_coordinator.id, CANARY.msgOther);
    ids.request = ctx.insert(t.requests, {
      kind: 'role-change',
      userId: other.id,
      currentRole: 'student',
      requestedRole: 'preceptor',
      justification: CANARY.request,
    }).id;
    // found by its program (already guessed as programId), not its id: every guessed id costs every route a call
    ctx.insert(t.importBatches, {
      programId: programB.id,
      kind: 'hours',
      fileName: `${CANARY.importFar}.csv`,
      fileHash: 'h',
      rowCount: 0,
      mapping: {},
      importedBy: h.users.director.id,
    });
    // a shift of program B today, with program B's student booked: the board names them
    ids.farShift = ctx.insert(t.shifts, {
      programId: programB.id,
      type: 'field',
      unit: CANARY.farShift,
      date: new Date().toISOString().slice(0, 10),
      startTime: '08:00',
      durationMinutes: 480,
      slots: 2,
      bookedCount: 1,
      createdBy: h.users.director.id,
    }).id;
    ids.farBooking = ctx.insert(t.shiftBookings, {
      shiftId: ids.farShift,
      studentId: ids.far,
      bookedBy: h.users.director.id,
    }).id;
  });
  const upload = async (name: string, fields: Record<string, string>) => {
    const form = new FormData();
    form.append('file', new File([`${name} text`], `${name}.txt`));
    for (const [key, value] of Object.entries({
      name,
      description: name,
      type: 'Policy',
      programType: 'fire',
      isPublic: 'false',
      ...fields,
    }))
      form.append(key, value);
    const res = await h.as('director', 'POST', '/api/documents', form);
    expect(res.status).toBe(201);
    return (await res.json()).id as string;
  };
  ids.docFar = await upload(CANARY.docFar, { programId: programB.id });
  ids.docStaff = await upload(CANARY.docStaff, {});
});

const getRoutes = () => [
  ...new Set(
    h.app.routes
      .filter(
        (r) =>
          r.method === 'GET' &&
          r.path.startsWith('/api/') &&
          !r.path.includes('*') &&
          !/\/(login|logout|demo)/.test(r.path),
      )
      .map((r) => r.path),
  ),
];

/** The route with each parameter filled by one guessed id, and the plain route with the usual filters. */
function guesses(path: string): string[] {
  const guessed = Object.values(ids);
  if (path.includes(':')) return guessed.map((id) => path.replace(/:[A-Za-z]+/g, id));
  return [
    path,
    ...['studentId', 'programId', 'userId', 'recordId', 'search'].flatMap((key) =>
      guessed.map((id) => `${path}?${key}=${id}`),
    ),
  ];
}

function leaked(role: Role, text: string): string[] {
  return HIDDEN[role].filter((c) => text.includes(CANARY[c]));
}

describe('no one reads what is not theirs', () => {
  it("covers the app's reads: students, progress, hours, messages, documents, requests, reports and audit", () => {
    const routes = getRoutes();
    for (const path of [
      '/api/students/:id',
      '/api/student-skills',
      '/api/clinical-hours',
      '/api/messages',
      '/api/documents/:id/download',
      '/api/requests/:kind',
      '/api/reports/progress',
      '/api/audit',
      '/api/audit/export',
      '/api/dashboard/stats',
    ]) {
      expect(routes).toContain(path);
    }
  });

  for (const role of ROLES) {
    it(`${role}: every GET route with guessed ids`, async () => {
      const leaks: string[] = [];
      for (const path of getRoutes()) {
        for (const url of guesses(path)) {
          const res = await h.as(role, 'GET', url);
          expect(res.status, url).toBeLessThan(500);
          const found = leaked(role, await res.text());
          if (found.length) leaks.push(`${url}: ${found.join(', ')}`);
        }
      }
      expect(leaks).toEqual([]);
      // every GET route the app serves, each with several guessed ids: hundreds of requests in one test
    }, 60_000);

    it(`${role}: a full sync pull`, async () => {
      const res = await h.as(role, 'POST', '/api/sync/pull', {
        pullVersion: 1,
        clientGroupId: 'g',
        clientId: `pull-${role}`,
        cookie: null,
      });
      expect(res.status).toBe(200);
      expect(leaked(role, await res.text())).toEqual([]);
    });
  }

  it('the canaries are readable by those who may see them, so the checks above can fail', async () => {
    const text = async (role: Role, url: string) => (await h.as(role, 'GET', url)).text();
    expect(await text('instructor', `/api/students/${ids.peer}`)).toContain(CANARY.peer);
    expect(await text('director', `/api/student-skills?studentId=${ids.far}`)).toContain(CANARY.farNote);
    expect(await text('director', `/api/clinical-hours?studentId=${ids.far}`)).toContain(CANARY.farHours);
    expect(await text('director', '/api/dors')).toContain(CANARY.farDor);
    expect(await text('instructor', '/api/dors')).toContain(CANARY.peerDor);
    expect(await text('instructor', '/api/messages')).toContain(CANARY.msgLeads);
    expect(await text('clinical_coordinator', '/api/messages')).toContain(CANARY.msgOther);
    expect(await text('director', `/api/documents/${ids.docFar}/download`)).toContain(CANARY.docFar);
    expect(await text('instructor', `/api/documents/${ids.docStaff}/download`)).toContain(CANARY.docStaff);
    expect(await text('director', '/api/requests/role-change')).toContain(CANARY.request);
    expect(await text('clinical_coordinator', `/api/imports?programId=${ids.programB}`)).toContain(CANARY.importFar);
    expect(await text('director', `/api/jpr-sign-offs?studentId=${ids.far}`)).toContain(CANARY.farJpr);
  });

  it('a guessed message id cannot be read, starred or deleted by someone else, and changes nothing', async () => {
    const before = h.db.select().from(t.messages).all();
    for (const role of ['student', 'preceptor', 'director'] as const) {
      expect((await h.as(role, 'POST', `/api/messages/${ids.msgOther}/read`)).status).toBe(404);
      expect((await h.as(role, 'DELETE', `/api/messages/${ids.msgOther}`)).status).toBe(404);
      const push = await h.as(role, 'POST', '/api/sync/push', {
        pushVersion: 1,
        clientGroupId: 'g',
        clientId: `push-${role}`,
        mutations: [
          {
            id: 1,
            name: 'setMessageFlags',
            createdAt: new Date().toISOString(),
            args: { id: ids.msgOther, isStarred: true },
          },
        ],
      });
      expect(push.status).toBe(200);
      expect((await push.json()).results[0]).toMatchObject({ status: 'rejected' });
    }
    expect(h.db.select().from(t.messages).all()).toEqual(before);
  });
});

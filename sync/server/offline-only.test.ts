/**
 * The sync push runs the offline mutations and nothing else. Every other command of the registry, pushed by a director
 * with arguments that command would accept, is refused as unknown and changes nothing; and the attack that found the
 * hole (an upload pushed with another program's stored file name, making a public alias of a private Fire document)
 * is refused whole.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

import { beforeEach, describe, expect, it } from 'vitest';

import { applyCommand } from '#api/commands/command.ts';
import { commandRegistry, COMMANDS } from '#api/commands/registry.ts';
import { newConfirmLink } from '#api/routes/sign-offs/sign-offs.commands.ts';
import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { graduate, programWorld } from '#api/test/program-world.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import { MUTATORS } from '../client/mutators.ts';
import type { PushResponse } from '../protocol.ts';
import { OFFLINE_COMMANDS } from './routes.ts';

let h: TestApp;
let w: ReturnType<typeof world>;

function world() {
  const u = h.users;
  return asSystem(h.db, 'fixture', (ctx) => {
    const { ems, fire, police: empty, skill, student, site, siteEmail } = programWorld(ctx, u);
    const fireDoc = ctx.insert(t.documents, {
      name: 'Fire ground tactics',
      type: 'Policy',
      programType: 'fire',
      programId: fire.id,
      isPublic: false,
      fileName: 'tactics.txt',
      storedName: crypto.randomUUID(),
      mimeType: 'text/plain',
      fileSize: 24,
      uploadedBy: u.director.id,
    });
    const joinRequest = ctx.insert(t.requests, {
      kind: 'program-join',
      userId: u.preceptor.id,
      programId: fire.id,
      requestedRole: 'preceptor',
      justification: 'Please add me there',
    });
    const preceptorRequest = ctx.insert(t.requests, {
      kind: 'preceptor',
      userId: u.student.id,
      studentId: student.id,
      clinicalSiteId: site.id,
      requestedDates: ['2099-01-01'],
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
      records: [],
      contentHash: '0'.repeat(64),
      hash: '1'.repeat(64),
      deviceId: 'device-0001',
      capturedAt: '2026-03-01T12:00:00.000Z',
      // given in the director's name, so that the director may confirm it in the app
      preceptor: { name: 'P', credential: 'EMT', number: '1', agency: 'A', contact: u.director.email },
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 100, height: 50, strokes: [[1, 1, 2, 2]] },
      recordedBy: u.student.id,
      status: 'awaiting',
    });
    const linkToken = newConfirmLink(ctx, signOff, null);
    const shift = ctx.insert(t.shifts, {
      programId: ems.id,
      type: 'clinical',
      date: '2099-01-01',
      startTime: '07:00',
      durationMinutes: 480,
      slots: 2,
      bookedCount: 1,
      createdBy: u.director.id,
    });
    const hours = ctx.insert(t.clinicalHours, {
      studentId: student.id,
      date: '2099-01-01',
      hoursCompleted: 8,
      recordedBy: u.student.id,
    });
    const booking = ctx.insert(t.shiftBookings, {
      shiftId: shift.id,
      studentId: student.id,
      bookedBy: u.student.id,
      clockInAt: '2099-01-01T07:00',
      clockOutAt: '2099-01-01T15:00',
      hoursEntryId: hours.id,
    });
    return {
      shift,
      booking,
      signOff,
      linkToken,
      ems,
      fire,
      empty,
      skill,
      student,
      site,
      siteEmail,
      fireDoc,
      joinRequest,
      preceptorRequest,
      requirement,
      ram,
    };
  });
}

/** For every command outside the offline set: arguments it accepts from a director in the world above. */
const VALID_ARGS: Record<string, () => unknown> = {
  createUser: () => ({ firstName: 'New', lastName: 'Director', email: 'new.director@example.org', role: 'director' }),
  updateProfile: () => ({
    id: h.users.preceptor.id,
    changes: { firstName: 'P', lastName: 'R', email: h.users.preceptor.email, role: 'director' },
  }),
  deleteUser: () => ({ id: h.users.preceptor.id }),
  createInstructor: () => ({
    firstName: 'I',
    lastName: 'N',
    email: 'in@example.org',
    phone: '4',
    employeeId: 'E9',
    title: 'Medic',
    department: 'Emergency Medical Services',
    hireDate: '2024-01-01',
    programTypes: ['ems'],
  }),
  updateInstructor: () => ({ id: h.users.instructor.id, changes: { isPreceptor: true } }),
  createProgram: () => ({ name: 'AEMT', type: 'ems' }),
  updateProgram: () => ({ id: w.fire.id, changes: { description: 'Updated' } }),
  setDorSettings: () => ({
    programId: w.empty.id,
    categories: [{ code: 'officer-safety', name: 'Officer Safety', group: 'Critical' }],
    phaseRules: [{ fromWeek: 1, toWeek: 4, minShare: 0.5 }],
  }),
  setTaskBookRules: () => ({ programId: w.fire.id, attemptsPerDay: 3, attemptDays: 2 }),
  deleteProgram: () => ({ id: w.empty.id }),
  setProgramRequirements: () => ({ programId: w.fire.id, contactRules: null }),
  decideSignOffByLink: () => ({ token: w.linkToken, decision: 'confirm' }),
  reviewSignOff: () => ({ id: w.signOff.id, action: 'reject' }),
  issueSignOffLink: () => ({ id: w.signOff.id }),
  confirmOwnSignOff: () => ({ id: w.signOff.id }),
  assignUserToProgram: () => ({ programId: w.fire.id, userId: h.users.student.id, assignedRole: 'director' }),
  removeUserFromProgram: () => ({ programId: w.ems.id, userId: h.users.instructor.id }),
  createSkill: () => ({
    name: 'New skill',
    category: 'Trauma Management',
    programType: 'ems',
    certificationLevel: 'emt',
  }),
  updateSkill: () => ({ id: w.skill.id, changes: { minimumAttempts: 3 } }),
  deleteSkill: () => ({ id: w.skill.id }),
  createClinicalSite: () => ({
    name: 'Clinic',
    type: 'Clinic',
    address: '2 Main',
    programTypes: ['ems'],
    phone: '3',
    email: 'c@clinic.test',
    contactPerson: 'Lee',
    maxStudents: 2,
  }),
  updateClinicalSite: () => ({ id: w.site.id, changes: { notes: 'Parking at the back' } }),
  deleteClinicalSite: () => ({ id: w.site.id }),
  addSiteEmail: () => ({ clinicalSiteId: w.site.id, emailAddress: 'icu@general.test' }),
  removeSiteEmail: () => ({ id: w.siteEmail.id }),
  deleteDocument: () => ({ id: w.fireDoc.id }),
  approveRequest: () => ({ kind: 'program-join', id: w.joinRequest.id }),
  denyRequest: () => ({ kind: 'program-join', id: w.joinRequest.id, reviewNotes: 'Program full' }),
  reviewSitePreceptorRequest: () => ({ id: w.preceptorRequest.id, action: 'approve' }),
  deleteRequest: () => ({ kind: 'program-join', id: w.joinRequest.id }),
  updateRequirement: () => ({ id: w.requirement.id, changes: { completionStatus: 'completed' } }),
  updateRamAssessment: () => ({ id: w.ram.id, changes: { compliancePercentage: 85 } }),
  createShift: () => ({
    programId: w.ems.id,
    type: 'clinical',
    date: '2099-02-01',
    startTime: '07:00',
    durationMinutes: 480,
    slots: 2,
  }),
  editShift: () => ({ id: w.shift.id, changes: { slots: 3 } }),
  cancelShift: () => ({ id: w.shift.id, reason: 'Unit closed' }),
  approveShiftHours: () => ({ id: w.booking.id }),
  recordCredential: () => ({ studentId: w.student.id, kind: 'immunization', expiresOn: '2099-12-31' }),
  setClockWindow: () => ({ programId: w.ems.id, clockEarlyMinutes: 20, clockLateMinutes: 10 }),
  setSiteLocation: () => ({ clinicalSiteId: w.site.id, latitude: 30.27, longitude: -97.74, radiusMeters: 300 }),
  setStudentOutcome: () => ({ studentId: w.student.id, exitDate: '2026-01-05', exitReason: 'attrition' }),
  recordExamAttempt: () => {
    graduate(h, w.student);
    return { studentId: w.student.id, attemptNumber: 1, takenOn: '2026-01-05', passed: true };
  },
  removeExamAttempt: () =>
    asSystem(h.db, 'fixture', (ctx) => ({
      id: ctx.insert(t.examAttempts, {
        studentId: w.student.id,
        programId: w.student.programId,
        attemptNumber: 2,
        takenOn: '2026-01-06',
        passed: false,
        recordedBy: h.users.director.id,
      }).id,
    })),
};

/** The kinds a device can queue: one mutator each (sync/client/mutators.ts). */
const OFFLINE_MUTATIONS = Object.keys(MUTATORS);
const offline = new Set<string>(OFFLINE_MUTATIONS);
const serverOnly = () => [...COMMANDS.keys()].filter((name) => !offline.has(name));

let nextId = 1;
async function push(role: Role, name: string, args: unknown) {
  const res = await h.as(role, 'POST', '/api/sync/push', {
    pushVersion: 1,
    clientGroupId: 'g',
    clientId: `c-${role}`,
    mutations: [{ id: nextId++, name, args, createdAt: new Date().toISOString() }],
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as PushResponse).results[0];
}

/** Whether the command takes these arguments from this actor: applied in a transaction that is then rolled back. */
function accepts(name: string, args: unknown, role: Role): boolean {
  class RolledBack extends Error {}
  try {
    h.db.transaction((tx) => {
      applyCommand(tx, COMMANDS.get(name)!, { id: h.users[role].id, role }, args);
      throw new RolledBack();
    });
  } catch (e) {
    if (e instanceof RolledBack) return true;
    throw e;
  }
  return false;
}

beforeEach(() => {
  h = testApp();
  w = world();
  nextId = 1;
});

describe('the sync push runs only the offline mutations', () => {
  it('offers exactly the commands the client can queue offline', () => {
    expect([...OFFLINE_COMMANDS.keys()].sort()).toEqual([...OFFLINE_MUTATIONS].sort());
    for (const [name, command] of OFFLINE_COMMANDS) expect(command, name).toBe(COMMANDS.get(name));
  });

  it('fails when a kind is declared on one side only: a command marked offline without a mutator, or the reverse', () => {
    const offlineCommands = [...COMMANDS.values()].filter((c) => c.offline).map((c) => c.name);
    expect(
      offlineCommands.filter((name) => !offline.has(name)),
      'offline commands without a mutator',
    ).toEqual([]);
    expect(
      OFFLINE_MUTATIONS.filter((name) => !COMMANDS.get(name)?.offline),
      'mutators without an offline command',
    ).toEqual([]);
  });

  it('refuses two commands of one name, so neither door runs whichever came last', () => {
    const [first, second] = [...COMMANDS.values()];
    expect(() => commandRegistry([first!, second!, { ...first! }])).toThrow(`Two commands are named ${first!.name}`);
    expect(commandRegistry([first!, second!]).size).toBe(2);
  });

  it('refuses every other command of the registry as unknown, even from a director with valid arguments, and changes nothing', async () => {
    expect(serverOnly().filter((name) => !VALID_ARGS[name])).toEqual([]);
    for (const name of serverOnly()) {
      const args = VALID_ARGS[name]();
      expect(
        accepts(name, args, 'director'),
        `${name}: the arguments are valid, so only the push can refuse them`,
      ).toBe(true);
      const before = fingerprint(h.db);
      expect(await push('director', name, args), name).toMatchObject({
        status: 'rejected',
        code: '400',
        message: `Unknown mutation ${name}`,
      });
      expect(fingerprint(h.db), name).toBe(before);
    }
  });

  it("refuses an upload pushed with another program's stored file name, and the upload form ignores one: no alias of the private Fire document", async () => {
    const fireBytes = 'Fire ground tactics, v3';
    mkdirSync(join(h.dataDir, 'documents'), { recursive: true });
    writeFileSync(join(h.dataDir, 'documents', w.fireDoc.storedName), fireBytes);
    const alias = {
      name: 'Handy notes',
      type: 'Policy',
      programType: 'general',
      isPublic: true,
      fileName: 'notes.txt',
    };
    const before = fingerprint(h.db);
    const result = await push('instructor', 'uploadDocument', {
      ...alias,
      storedName: w.fireDoc.storedName,
      mimeType: 'text/plain',
      fileSize: fireBytes.length,
    });
    expect(result).toMatchObject({ status: 'rejected', code: '400', message: 'Unknown mutation uploadDocument' });
    expect(fingerprint(h.db)).toBe(before);

    const form = new FormData();
    form.append('file', new File(['my own notes'], 'notes.txt'));
    for (const [key, value] of Object.entries({
      ...alias,
      isPublic: 'true',
      storedName: w.fireDoc.storedName,
      fileSize: '1',
      mimeType: 'application/pdf',
    })) {
      form.append(key, value);
    }
    const res = await h.as('instructor', 'POST', '/api/documents', form);
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ fileSize: 'my own notes'.length, mimeType: 'text/plain' });

    expect(
      h.db
        .select()
        .from(t.documents)
        .all()
        .filter((d) => d.storedName === w.fireDoc.storedName)
        .map((d) => d.id),
    ).toEqual([w.fireDoc.id]);
    const listed = (await (await h.as('student', 'GET', '/api/documents')).json()) as { id: string }[];
    expect(listed).toHaveLength(1);
    for (const doc of listed)
      expect(await (await h.as('student', 'GET', `/api/documents/${doc.id}/download`)).text()).toBe('my own notes');
  });
});

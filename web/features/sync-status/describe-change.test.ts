import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import type { MutationArgs, MutationName } from '#sync/client/mutators.ts';
import { formatDateTime } from '#web/lib/format.ts';
import { MUTATORS, TrainingDb } from '#web/lib/testing/test-sync.tsx';

import { describeArgs } from './describe-change.ts';

const id = () => crypto.randomUUID();
const ids = {
  student: id(),
  skill: id(),
  site: id(),
  program: id(),
  instructor: id(),
  preceptor: id(),
  contact: id(),
  attempt: id(),
  message: id(),
  hours: id(),
  shift: id(),
  booking: id(),
};
const hash = (c: string) => c.repeat(64);

/** Every change this device can queue, with input as its screens make it (each checked against its schema below). */
const QUEUED: { [N in MutationName]: MutationArgs<N> } = {
  recordSkillProgress: {
    id: id(),
    studentId: ids.student,
    skillId: ids.skill,
    status: 'in_progress',
    progressPercentage: 40,
    attempts: 2,
    successfulAttempts: 1,
    lastAttemptDate: '2026-11-20',
    nextAssessmentDate: '2026-12-01',
    notes: 'Good seal',
  },
  logSkillAttempt: {
    id: id(),
    studentId: ids.student,
    skillId: ids.skill,
    attemptedAt: '2026-11-21T14:05:00.000Z',
    setting: 'clinical',
    outcome: 'successful',
    participation: 'performed',
    patientContactId: ids.contact,
    clinicalSiteId: ids.site,
  },
  voidSkillAttempt: { id: id(), attemptId: ids.attempt, reason: 'Logged for the wrong student' },
  editSkillAssessment: {
    id: id(),
    studentId: ids.student,
    skillId: ids.skill,
    stamp: '1795000000000-00000-phone',
    changes: { statusOverride: 'completed', progressOverride: null, nextAssessmentDate: '2026-12-02' },
  },
  logPatientContact: {
    id: ids.contact,
    studentId: ids.student,
    date: '2026-11-21',
    setting: 'clinical',
    clinicalSiteId: ids.site,
    ageYears: 58,
    gender: 'female',
    chiefComplaints: ['Chest pain'],
    primaryImpression: 'ACS',
    teamLead: true,
    careLevel: 'als',
    disposition: 'transported',
  },
  deletePatientContact: { id: ids.contact, reason: 'Logged twice' },
  signOff: {
    id: id(),
    studentId: ids.student,
    records: [
      { kind: 'attempt', id: ids.attempt },
      { kind: 'contact', id: ids.contact },
      { kind: 'hours', id: ids.hours },
      { kind: 'attempt', id: id() },
      { kind: 'attempt', id: id() },
    ],
    contentHash: hash('a'),
    previousHash: hash('b'),
    hash: hash('c'),
    deviceId: 'd3v1c3-0f-th3-phone',
    capturedAt: '2026-11-21T19:40:00.000Z',
    preceptor: {
      name: 'Dana Reyes',
      credential: 'Paramedic',
      number: 'P-12345',
      agency: 'County EMS',
      contact: 'dana@county.example',
    },
    attested: true,
    evaluation: { Integrity: 2, Empathy: 1, Respect: null },
    teamLeadScores: { [ids.contact]: 2 },
    signature: { width: 300, height: 100, strokes: [[10, 10, 20, 20, 30, 25]] },
    cosignCode: '123456',
  },
  createStudent: {
    id: id(),
    firstName: 'Ana',
    lastName: 'Lopez',
    email: 'ana@example.edu',
    phone: '555-0100',
    studentId: 'S-100',
    programId: ids.program,
    enrollmentDate: '2026-01-10',
    expectedGraduation: '2026-12-15',
    emsCertificationLevel: 'emt',
    userId: id(),
  },
  updateStudent: { id: ids.student, changes: { expectedGraduation: '2027-01-15', isActive: false } },
  deleteStudent: { id: ids.student },
  sendMessage: {
    id: ids.message,
    recipientId: ids.instructor,
    subject: 'Shift swap',
    content: 'Could we swap Friday?',
    priority: 'high',
    category: 'clinical',
  },
  markMessageRead: { id: ids.message },
  updateMessageFlags: { id: ids.message, changes: { isStarred: true } },
  logClinicalHours: {
    id: ids.hours,
    studentId: ids.student,
    clinicalSiteId: ids.site,
    date: '2026-11-26',
    startTime: '19:00',
    endTime: '07:00',
    hourType: 'field',
    unit: 'Medic 12',
    preceptorName: 'Pat Nguyen, NRP',
  },
  deleteClinicalHours: { id: ids.hours, reason: 'Logged twice' },
  fileProgramJoinRequest: {
    id: id(),
    programId: ids.program,
    requestedRole: 'student',
    justification: 'Spring cohort',
  },
  fileRoleChangeRequest: {
    id: id(),
    programId: ids.program,
    requestedRole: 'instructor',
    justification: 'Teaching the lab',
  },
  filePreceptorRequest: {
    id: id(),
    studentId: ids.student,
    clinicalSiteId: ids.site,
    requestedPreceptorId: ids.preceptor,
    emsCertificationLevel: 'paramedic',
    requestedDates: 'Fridays in December',
    skillsToFocus: ['Airway', 'IV access'],
    justification: 'Needs ALS calls',
  },
  fileClinicalTimeRequest: {
    id: id(),
    clinicalSiteId: ids.site,
    studentId: ids.student,
    startAt: '2026-12-01T08:00:00.000Z',
    endAt: '2026-12-01T16:00:00.000Z',
    requestedHours: 8,
    certificationLevel: 'emt',
  },
  fileSitePreceptorRequest: {
    id: id(),
    clinicalSiteId: ids.site,
    studentId: ids.student,
    requestedDates: ['2026-12-01', '2026-12-08'],
    skillsToFocus: ['Patient Assessment'],
    justification: 'Needs more assessments',
  },
  bookShift: { id: ids.booking, shiftId: ids.shift },
  dropShiftBooking: { id: ids.booking },
  offerShiftSwap: { id: ids.booking, offered: true },
  acceptShiftSwap: { id: id(), shiftId: ids.shift, giveBookingId: ids.booking },
  clockIntoShift: { id: ids.booking, at: '2026-11-20T06:55', atSite: true },
  clockOutOfShift: { id: ids.booking, hoursEntryId: id(), at: '2026-11-20T19:02' },
  saveDor: {
    id: id(),
    studentId: ids.student,
    date: '2026-11-20',
    stamp: '1795000000000-00000-device',
    changes: { narrative: 'Handled the traffic stop well', ratings: { 'dor04-officer-safety-general': { rating: 5 } } },
  },
  signDor: {
    id: id(),
    phase: 'complete',
    affirmed: true,
    signature: { kind: 'typed', name: 'Frank Torres' },
    signedAt: '2026-11-20T23:00:00.000Z',
  },
  startTaskBook: { id: id(), studentId: ids.student },
  signJpr: {
    id: id(),
    taskBookId: id(),
    skillId: ids.skill,
    performedOn: '2026-11-20',
    method: 'observed',
    passed: true,
    steps: [{ step: 'Don SCBA', passed: true }],
    comments: 'Smooth',
    evaluator: { name: 'Rosa Diaz', number: 'FD-42', email: 'rosa@fire.test' },
    signature: { kind: 'typed', name: 'Rosa Diaz' },
    capturedAt: '2026-11-20T15:00:00.000Z',
    cosignCode: '123456',
  },
  verifyTaskBook: {
    taskBookId: id(),
    name: 'Irene Okafor',
    signature: { kind: 'typed', name: 'Irene Okafor' },
    capturedAt: '2026-11-21T15:00:00.000Z',
  },
  certifyTaskBook: {
    taskBookId: id(),
    name: 'Dana Whitfield',
    signature: { kind: 'typed', name: 'Dana Whitfield' },
    capturedAt: '2026-11-22T15:00:00.000Z',
  },
};

/** What a person should never have to read in the list. */
const RAW = {
  id: /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i,
  digest: /[0-9a-f]{64}/i,
  structure: /\{|\[object/,
  isoTime: /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/,
  isoDate: /\d{4}-\d{2}-\d{2}/,
};

let db: TrainingDb;
beforeEach(() => {
  db = new TrainingDb(`describe-change-${crypto.randomUUID()}`);
});
afterEach(() => db.delete());

async function storeTheRecords() {
  await db.domain('students').put({ id: ids.student, firstName: 'Maria', lastName: 'Lopez' });
  await db.domain('skills').put({ id: ids.skill, name: 'Insert OPA' });
  await db.domain('clinicalSites').put({ id: ids.site, name: 'St. Mary Regional' });
  await db.domain('programs').put({ id: ids.program, name: 'Paramedic 2026' });
  await db.domain('users').bulkPut([
    { id: ids.instructor, firstName: 'Irene', lastName: 'Okafor' },
    { id: ids.preceptor, firstName: 'Pat', lastName: 'Nguyen' },
  ]);
  await db.domain('patientContacts').put({ id: ids.contact, date: '2026-11-21', primaryImpression: 'ACS' });
  await db.domain('skillAttempts').put({
    id: ids.attempt,
    skillId: ids.skill,
    attemptedAt: '2026-11-21T14:05:00.000Z',
    outcome: 'successful',
  });
  await db.domain('messages').put({ id: ids.message, subject: 'Shift swap' });
  await db.domain('clinicalHours').put({ id: ids.hours, date: '2026-11-26', hoursCompleted: 12 });
  await db.domain('shifts').put({ id: ids.shift, type: 'clinical', date: '2026-12-01', startTime: '07:00' });
  await db.domain('shiftBookings').put({ id: ids.booking, shiftId: ids.shift });
}

const described = async (name: MutationName) =>
  Object.fromEntries((await describeArgs(db, name, QUEUED[name])).map((f) => [f.label, f.value]));

describe('a queued or refused change in words', () => {
  it('covers every change the device can queue, each with input its schema accepts', () => {
    expect(Object.keys(QUEUED).sort()).toEqual(Object.keys(MUTATORS).sort());
    for (const [name, args] of Object.entries(QUEUED))
      expect(MUTATORS[name as MutationName].args.safeParse(args).error, name).toBeUndefined();
  });

  it.each([
    ['its records on this device', true],
    ['none of its records on this device', false],
  ])('with %s, shows no id, digest, raw structure or ISO date of any change', async (_, stored) => {
    if (stored) await storeTheRecords();
    for (const name of Object.keys(QUEUED) as MutationName[]) {
      for (const field of await describeArgs(db, name, QUEUED[name])) {
        for (const [what, pattern] of Object.entries(RAW))
          expect(`${field.label}: ${field.value}`, `${name} shows a raw ${what}`).not.toMatch(pattern);
      }
    }
  });

  it('sums up a sign-off: its records as a count, the preceptor by name and credential, what was rated as counts', async () => {
    expect(await described('signOff')).toEqual({
      Student: 'Not on this device',
      Records: '5 records',
      'Captured at': formatDateTime('2026-11-21T19:40:00.000Z'),
      Preceptor: 'Dana Reyes, Paramedic P-12345',
      Evaluation: '2 items rated',
      'Team lead scores': '1 team-lead contact scored',
    });
  });

  it('names the patient contact of an attempt by its day and impression, or as a patient contact when not here', async () => {
    expect(await described('logSkillAttempt')).toMatchObject({ 'Patient contact': 'A patient contact' });
    await storeTheRecords();
    expect(await described('logSkillAttempt')).toMatchObject({
      Student: 'Maria Lopez',
      Skill: 'Insert OPA',
      'Attempted at': formatDateTime('2026-11-21T14:05:00.000Z'),
      'Patient contact': 'Nov 21, 2026 · ACS',
      'Clinical site': 'St. Mary Regional',
    });
  });

  it("names the record a change acts on, and a new student's own ID as such", async () => {
    await storeTheRecords();
    expect(await described('createStudent')).toMatchObject({ 'Student ID': 'S-100', Program: 'Paramedic 2026' });
    expect(await described('updateMessageFlags')).toEqual({ Message: 'Shift swap', 'Is starred': 'Yes' });
    expect(await described('deleteClinicalHours')).toEqual({ Hours: '12 h · Nov 26, 2026', Reason: 'Logged twice' });
    expect(await described('deletePatientContact')).toEqual({
      'Patient contact': 'Nov 21, 2026 · ACS',
      Reason: 'Logged twice',
    });
    expect(await described('fileSitePreceptorRequest')).toMatchObject({
      'Requested dates': 'Dec 1, 2026, Dec 8, 2026',
    });
    expect(await described('bookShift')).toEqual({ Shift: 'Clinical · Dec 1, 2026 07:00' });
    expect(await described('clockIntoShift')).toMatchObject({
      Shift: 'Clinical · Dec 1, 2026 07:00',
      'At site': 'Yes',
    });
  });
});

import { createHash } from 'node:crypto';

import { afterEach, describe, expect, it } from 'vitest';

import { MSG } from '#schema/messages.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';

import { studentPhoneWithAttempts, uid, uniqueDbName } from '../test-harness.ts';
import { TrainingDb } from './db.ts';
import { LocalWriter } from './local-writer.ts';
import { type MutationArgs, type MutationName, MUTATORS } from './mutators.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const NOW = '2026-03-05T10:00:00.000Z';

/** A student's phone, offline: a program counting confirmed sign-offs, and the rows its last sync left. */
async function offlinePhone(rows: Record<string, Record<string, unknown>[]>) {
  const db = new TrainingDb(uniqueDbName('changed'));
  opened.push(db);
  await db.domain('users').put({ id: 'student-user', role: 'student' });
  await db.domain('programs').put({ id: 'p1', countedSignOffStates: ['confirmed'] });
  await db.domain('students').put({ id: 'st1', programId: 'p1', userId: 'student-user' });
  await db.domain('skills').put({ id: 'k1', minimumAttempts: 5 });
  for (const [table, list] of Object.entries(rows)) await db.table(table).bulkPut(list);
  const run = async <N extends MutationName>(name: N, args: MutationArgs<N>) => {
    const m = MUTATORS[name];
    const parsed = m.args.parse(args);
    // an async scope, as the engine's: Dexie keeps the transaction across the mutator's nested awaits only then
    await db.transaction('rw', db.tables, async () => {
      await m.apply!(new LocalWriter(db), parsed as never, { userId: 'student-user', now: NOW });
    });
  };
  return { db, run };
}

const attemptRow = (n: number, verifiedBy: string | null) => ({
  id: uid(n),
  studentId: 'st1',
  skillId: 'k1',
  kind: 'attempt',
  attemptedAt: `2026-03-0${n}T09:00:00.000Z`,
  setting: 'clinical',
  outcome: 'successful',
  attemptsDelta: 1,
  successfulDelta: 1,
  recordedBy: 'student-user',
  verifiedBy,
});
const signOffRow = (id: string, status: string, records: { kind: string; id: string }[]) => ({
  id,
  studentId: 'st1',
  status,
  records,
  statusNote: 'Confirmed through the link',
});

describe('a signed record voided or deleted on the device, offline', () => {
  it('shows its sign-off changed after signing at once, and the attempts it verified waiting again', async () => {
    const { db, run } = await offlinePhone({
      skillAttempts: [attemptRow(1, 'sign-off:s-confirmed'), attemptRow(2, 'sign-off:s-confirmed')],
      clinicalHours: [
        { id: 'h1', studentId: 'st1', hoursCompleted: 6, hourType: 'clinical' },
        { id: 'h2', studentId: 'st1', hoursCompleted: 4, hourType: 'field', verifiedBy: 'sign-off:s-confirmed' },
      ],
      patientContacts: [{ id: 'c2', studentId: 'st1', teamLead: true, verifiedBy: 'sign-off:s-confirmed' }],
      studentSkills: [
        {
          id: 'st1/k1',
          studentId: 'st1',
          skillId: 'k1',
          attempts: 2,
          successfulAttempts: 2,
          pendingAttempts: 0,
          attemptsBySetting: { clinical: { attempts: 2, successful: 2 } },
        },
      ],
      signOffs: [
        signOffRow('s-confirmed', 'confirmed', [
          { kind: 'attempt', id: uid(1) },
          { kind: 'attempt', id: uid(2) },
          { kind: 'hours', id: 'h2' },
          { kind: 'contact', id: 'c2' },
        ]),
        signOffRow('s-awaiting', 'awaiting', [{ kind: 'hours', id: 'h1' }]),
        // a rejected sign-off no longer holds its records: a change after it leaves it as it is
        signOffRow('s-rejected', 'rejected', [{ kind: 'attempt', id: uid(1) }]),
      ],
    });

    await run('voidSkillAttempt', { id: uid(91), attemptId: uid(1), reason: 'Wrong patient' });
    const signOff = (id: string) => db.domain('signOffs').get(id);
    expect(await signOff('s-confirmed')).toMatchObject({
      status: 'changed',
      statusNote: MSG.changedAfterSigning,
      statusBy: 'student-user',
      statusAt: NOW,
    });
    expect(await signOff('s-rejected')).toMatchObject({ status: 'rejected' });
    expect(await signOff('s-awaiting')).toMatchObject({ status: 'awaiting' });
    expect(await db.domain('skillAttempts').get(uid(2))).toMatchObject({ verifiedBy: null, verifiedAt: null });
    // the hours it verified wait again too
    expect(await db.domain('clinicalHours').get('h2')).toMatchObject({ verifiedBy: null, verifiedAt: null });
    // and so does the contact: its team lead no longer counts
    expect(await db.domain('patientContacts').get('c2')).toMatchObject({ verifiedBy: null, verifiedAt: null });
    // the voided attempt leaves the figures; the other waits for a new sign-off instead of counting
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({
      attempts: 0,
      successfulAttempts: 0,
      pendingAttempts: 1,
    });

    await run('deleteClinicalHours', { id: 'h1', reason: 'Wrong student' });
    expect(await signOff('s-awaiting')).toMatchObject({ status: 'changed' });
  });
});

describe('a signed patient contact removed on the device, offline', () => {
  it('leaves the device, and its sign-off shows changed after signing with the attempts it verified waiting again', async () => {
    const { db, run } = await offlinePhone({
      skillAttempts: [attemptRow(1, 'sign-off:s-confirmed')],
      patientContacts: [{ id: 'c1', studentId: 'st1', date: '2026-03-01', primaryImpression: 'ACS' }],
      studentSkills: [
        {
          id: 'st1/k1',
          studentId: 'st1',
          skillId: 'k1',
          attempts: 1,
          successfulAttempts: 1,
          pendingAttempts: 0,
          attemptsBySetting: { clinical: { attempts: 1, successful: 1 } },
        },
      ],
      signOffs: [
        signOffRow('s-confirmed', 'confirmed', [
          { kind: 'attempt', id: uid(1) },
          { kind: 'contact', id: 'c1' },
        ]),
      ],
    });

    await run('deletePatientContact', { id: 'c1', reason: 'Wrong student' });
    expect(await db.domain('patientContacts').get('c1')).toBeUndefined();
    expect(await db.domain('signOffs').get('s-confirmed')).toMatchObject({
      status: 'changed',
      statusNote: MSG.changedAfterSigning,
    });
    expect(await db.domain('skillAttempts').get(uid(1))).toMatchObject({ verifiedBy: null });
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({ attempts: 0, pendingAttempts: 1 });
  });
});

describe('hours a refused sign-off held, signed off again on the device, offline', () => {
  it('await verification at once rather than stay refused', async () => {
    const h1 = { id: 'h1', studentId: 'st1', date: '2026-03-01', hoursCompleted: 5, hourType: 'clinical' };
    const { db, run } = await offlinePhone({
      clinicalHours: [{ ...h1, verifiedBy: null, refusedBy: 'sign-off:s-rejected' }],
      signOffs: [signOffRow('s-rejected', 'rejected', [{ kind: 'hours', id: 'h1' }])],
    });
    const args = {
      id: uid(50),
      studentId: 'st1',
      records: [{ kind: 'hours' as const, id: 'h1' }],
      contentHash: sha256(signedContent('st1', { attempts: [], contacts: [], hours: [h1 as never] })),
      previousHash: null,
      deviceId: 'device-0001',
      capturedAt: NOW,
      preceptor: {
        name: 'Pat Lee',
        credential: 'Paramedic' as const,
        number: 'P-1',
        agency: 'Metro',
        contact: 'pat@metro.example',
      },
      attested: true as const,
      evaluation: {},
      teamLeadScores: {},
      signature: { kind: 'typed' as const, name: 'Pat Lee' },
    };
    await run('signOff', { ...args, hash: sha256(signOffContent(args)) });
    expect(await db.domain('clinicalHours').get('h1')).toMatchObject({ verifiedBy: null, refusedBy: null });
  });
});

describe("the device's change and the server's", () => {
  it('agree once the change is sent', async () => {
    const { w, db, engine, student } = await studentPhoneWithAttempts('agree', 2);
    opened.push(db);
    await engine.mutate('logClinicalHours', {
      id: uid(3),
      studentId: student.id,
      date: '2026-03-02',
      hoursCompleted: 6,
    });
    await engine.sync();

    // the preceptor (an account of the program) signs the attempts and, apart, the hours, and confirms the first
    const sign = async (n: number, records: SignOffArgs['records'], previousHash: string | null) => {
      const ids = new Set(records.map((r) => r.id));
      const content = signedContent(student.id, {
        attempts: (await db.rows('skillAttempts').toArray()).filter((a) => ids.has(a.id)),
        contacts: [],
        hours: (await db.rows('clinicalHours').toArray()).filter((h) => ids.has(h.id)),
      });
      const args = {
        id: uid(n),
        studentId: student.id,
        records,
        contentHash: sha256(content),
        previousHash,
        deviceId: 'device-0001',
        capturedAt: `2026-03-02T${n}:00:00.000Z`,
        preceptor: {
          name: 'Pat Lee',
          credential: 'Paramedic' as const,
          number: 'P-1',
          agency: 'Metro',
          contact: 'preceptor@test.local',
        },
        attested: true as const,
        evaluation: {},
        teamLeadScores: {},
        signature: { width: 320, height: 140, strokes: [[1, 1, 40, 40]] },
      };
      const hash = sha256(signOffContent(args));
      await engine.mutate('signOff', { ...args, hash });
      return hash;
    };
    const first = await sign(
      11,
      [
        { kind: 'attempt', id: uid(1) },
        { kind: 'attempt', id: uid(2) },
      ],
      null,
    );
    await sign(12, [{ kind: 'hours', id: uid(3) }], first);
    await engine.sync();
    expect((await w.h.as('preceptor', 'POST', `/api/sign-offs/${uid(11)}/confirm`, {})).status).toBe(200);
    await engine.sync();
    expect(await db.rows('skillAttempts').get(uid(2))).toMatchObject({ verifiedBy: `sign-off:${uid(11)}` });

    // offline: one signed attempt voided, the signed hours deleted
    await engine.mutate('voidSkillAttempt', { id: uid(21), attemptId: uid(1), reason: 'Wrong patient' });
    await engine.mutate('deleteClinicalHours', { id: uid(3), reason: 'Wrong student' });
    const shown = async () => ({
      signOffs: (await db.rows('signOffs').toArray()).map((s) => [s.id, s.status, s.statusBy]),
      attempts: (await db.rows('skillAttempts').toArray()).map((a) => [a.id, a.verifiedBy]),
      summary: (({ attempts, successfulAttempts, pendingAttempts, attemptsBySetting }) => ({
        attempts,
        successfulAttempts,
        pendingAttempts,
        attemptsBySetting,
      }))((await db.rows('studentSkills').toArray())[0]),
    });
    const offline = await shown();
    expect(offline.signOffs).toEqual([
      [uid(11), 'changed', w.h.users.student.id],
      [uid(12), 'changed', w.h.users.student.id],
    ]);
    expect(offline.summary).toMatchObject({ attempts: 0, pendingAttempts: 1 });

    await engine.sync();
    expect(await db.outbox.count()).toBe(0);
    expect(await shown()).toEqual(offline);
  });
});

describe("a sign-off's attempts on the device, offline", () => {
  const summary = (attempts: number, pendingAttempts: number) => ({
    id: 'st1/k1',
    studentId: 'st1',
    skillId: 'k1',
    attempts,
    successfulAttempts: attempts,
    pendingAttempts,
    attemptsBySetting: { clinical: { attempts, successful: attempts } },
  });

  it('count at once where the program counts a sign-off awaiting confirmation, as on the server', async () => {
    const { db, run } = await offlinePhone({
      programs: [{ id: 'p1', countedSignOffStates: ['awaiting', 'confirmed'] }],
      skillAttempts: [attemptRow(1, null)],
      studentSkills: [summary(0, 1)],
    });
    const hash = sha256('frozen');
    await run('signOff', {
      id: crypto.randomUUID(),
      studentId: 'st1',
      records: [{ kind: 'attempt', id: uid(1) }],
      contentHash: hash,
      previousHash: null,
      hash,
      deviceId: 'device-0001',
      capturedAt: NOW,
      preceptor: { name: 'Pat Lee', credential: 'Paramedic', number: 'P-1', agency: 'Metro', contact: 'p@x.example' },
      attested: true,
      signature: { width: 320, height: 140, strokes: [[1, 1, 40, 40]] },
    });
    expect(await db.domain('skillAttempts').get(uid(1))).toMatchObject({ verifiedAt: NOW });
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({ attempts: 1, pendingAttempts: 0 });
  });

  it("follow the student to a program that does not count the sign-off's state, and back", async () => {
    const { db, run } = await offlinePhone({
      programs: [{ id: 'p2', countedSignOffStates: ['code_verified'] }],
      skillAttempts: [attemptRow(1, 'sign-off:s-confirmed')],
      studentSkills: [summary(1, 0)],
      signOffs: [signOffRow('s-confirmed', 'confirmed', [{ kind: 'attempt', id: uid(1) }])],
    });
    await run('updateStudent', { id: 'st1', changes: { programId: 'p2' } });
    expect(await db.domain('skillAttempts').get(uid(1))).toMatchObject({ verifiedBy: null });
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({ attempts: 0, pendingAttempts: 1 });

    await run('updateStudent', { id: 'st1', changes: { programId: 'p1' } });
    expect(await db.domain('skillAttempts').get(uid(1))).toMatchObject({ verifiedBy: 'sign-off:s-confirmed' });
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({ attempts: 1, pendingAttempts: 0 });
  });

  it("are measured against the new program's minimums once the student moves", async () => {
    const { db, run } = await offlinePhone({
      programs: [{ id: 'p2', skillMinimums: { k1: { total: 2, bySetting: {} } } }],
      skillAttempts: [attemptRow(1, 'instructor-user')],
      studentSkills: [summary(1, 0)],
    });
    await run('updateStudent', { id: 'st1', changes: { programId: 'p2' } });
    expect(await db.domain('studentSkills').get('st1/k1')).toMatchObject({
      status: 'in_progress',
      progressPercentage: 50,
    });
  });
});

describe("a student's own patient contact logged on the device", () => {
  it('waits for verification, as on the server', async () => {
    const { db, run } = await offlinePhone({});
    await run('logPatientContact', {
      id: uid(9),
      studentId: 'st1',
      date: '2026-03-04',
      chiefComplaints: ['Chest pain'],
      setting: 'field',
      ageYears: 40,
      gender: 'male',
      primaryImpression: 'ACS',
      teamLead: true,
      careLevel: 'als',
      disposition: 'transported',
    });
    expect(await db.domain('patientContacts').get(uid(9))).toMatchObject({ verifiedBy: null, verifiedAt: null });
  });
});

/**
 * Attacks on the Daily Observation Report's writes, as each role that might try them: the trainee, or another account
 * under one of the trainee's addresses, writing or signing as FTO or supervisor; the completing FTO reviewing from a
 * second account; a report of another program; a step signed twice or out of order; a late offline edit of a signed
 * report; fields the schema does not list; huge values; a report dated after today. Each refused attempt changes no
 * record.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, SAME_ORIGIN, type TestApp, testApp } from '#api/test/helpers.ts';
import type { DorPhase } from '#schema/dor.ts';
import type { Role } from '#schema/enums.ts';
import { DOR_MSG, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import type { MutationResult } from '#sync/protocol.ts';

let h: TestApp;
let trainee: typeof t.students.$inferSelect;
let farTrainee: typeof t.students.$inferSelect;
let policeId: string;
let stampCount = 0;
const stamp = () => `${String(Date.now()).padStart(13, '0')}-${String(stampCount++).padStart(5, '0')}-test`;
const oldStamp = () => `${String(Date.now() - 3_600_000).padStart(13, '0')}-00000-test`;
const today = new Date().toISOString().slice(0, 10);
const CATEGORIES = [{ code: 'officer-safety', name: 'Officer Safety: General', group: 'Critical Performance Tasks' }];

function addTrainee(code: string, programId: string, userId: string | null) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId,
      firstName: 'Riley',
      lastName: code,
      email: `${code}@example.org`,
      phone: '555-0100',
      studentCode: code,
      programId,
      enrollmentDate: '2026-09-01',
      expectedGraduation: '2027-01-15',
    }),
  );
}

/** A staff account under this e-mail, a member of the police program. */
const account = (email: string, role: Role) =>
  h.account(email, role, { programId: policeId, firstName: 'Second', lastName: 'Account' });

const mutationIds = new Map<string, number>();
/** Pushes one mutation from the device of the account with this e-mail (or the same mutation id again, `replay`). */
async function push(who: Role | string, name: string, args: Record<string, unknown>, replay = false) {
  const email = who.includes('@') ? who : `${who}@test.local`;
  const cookie = await h.login(email);
  const id = (mutationIds.get(email) ?? 0) + (replay ? 0 : 1);
  mutationIds.set(email, id);
  const res = await h.app.request('/api/sync/push', {
    method: 'POST',
    headers: { ...SAME_ORIGIN, cookie, 'content-type': 'application/json' },
    body: JSON.stringify({
      pushVersion: 1,
      clientGroupId: `g-${email}`,
      clientId: `c-${email}`,
      mutations: [{ id, name, args, createdAt: new Date().toISOString() }],
    }),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { results: MutationResult[] }).results[0];
}

/** A drawn signature: who signs is the account, whatever name a typed one would give. */
const DRAWN = { width: 100, height: 50, strokes: [[1, 1, 2, 2]] };
const save = (who: Role | string, over: Record<string, unknown>) =>
  push(who, 'saveDor', { id: crypto.randomUUID(), studentId: trainee.id, date: today, stamp: stamp(), ...over });
const sign = (who: Role | string, id: string, phase: DorPhase) =>
  push(who, 'signDor', {
    id,
    phase,
    affirmed: true,
    signature: DRAWN,
    signedAt: new Date().toISOString(),
  });
const dorRow = (id: string) => h.db.select().from(t.dors).where(eq(t.dors.id, id)).get()!;

/** A report the FTO (the preceptor) wrote in full, ready to complete. */
async function writtenReport() {
  const id = crypto.randomUUID();
  const res = await save('preceptor', {
    id,
    changes: { assignment: 'Patrol', narrative: 'Calm', ratings: { 'officer-safety': { rating: 4 } } },
  });
  expect(res.status).toBe('applied');
  return id;
}

beforeEach(async () => {
  h = testApp();
  mutationIds.clear();
  const police = h.program({ name: 'Police FTO 2026', type: 'police' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  policeId = police.id;
  trainee = addTrainee('p-1', police.id, h.users.student.id);
  farTrainee = addTrainee('p-2', h.program({ name: 'Police FTO County', type: 'police' }).id, null);
  const res = await h.as('director', 'PUT', `/api/programs/${police.id}/dor-settings`, {
    categories: CATEGORIES,
    phaseRules: [],
  });
  expect(res.status).toBe(200);
});

describe("another account under one of the trainee's addresses", () => {
  it.each([
    ['an FTO account under a +tag of their sign-in address', 'student+fto@test.local', 'preceptor'],
    ['a supervisor account under their student record’s address', 'p-1+sgt@example.org', 'instructor'],
  ] as const)('%s writes, completes and reviews none of their reports', async (_, email, role) => {
    account(email, role);
    let before = fingerprint(h.db);
    const own = await save(email, {
      changes: { narrative: 'Outstanding officer', ratings: { 'officer-safety': { rating: 7, comment: 'Best' } } },
    });
    expect(own).toMatchObject({ status: 'rejected', code: '403', message: DOR_MSG.traineeWritesActivityLog });
    expect(fingerprint(h.db)).toBe(before);
    const id = await writtenReport();
    before = fingerprint(h.db);
    expect(await sign(email, id, 'complete')).toMatchObject({ status: 'rejected', message: DOR_MSG.ownReport });
    expect(fingerprint(h.db)).toBe(before);
    expect(await sign('preceptor', id, 'complete')).toMatchObject({ status: 'applied' });
    expect(await sign('student', id, 'acknowledge')).toMatchObject({ status: 'applied' });
    before = fingerprint(h.db);
    const review = await sign(email, id, 'review');
    expect(review).toMatchObject({
      status: 'rejected',
      message: role === 'instructor' ? DOR_MSG.ownReport : expect.any(String),
    });
    expect(fingerprint(h.db)).toBe(before);
    expect(dorRow(id).status).toBe('acknowledged');
  });
});

describe('one person, two parts', () => {
  it('the FTO who completed a report does not review it from a second account', async () => {
    account('preceptor+sgt@test.local', 'instructor');
    const id = await writtenReport();
    await sign('preceptor', id, 'complete');
    await sign('student', id, 'acknowledge');
    const before = fingerprint(h.db);
    expect(await sign('preceptor+sgt@test.local', id, 'review')).toMatchObject({
      status: 'rejected',
      code: '403',
      message: DOR_MSG.twoParts,
    });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('dates', () => {
  it('a report dated after today is refused with its field and changes nothing', async () => {
    const before = fingerprint(h.db);
    const res = await save('preceptor', { date: '2099-01-01', changes: { assignment: 'Patrol' } });
    expect(res).toMatchObject({ status: 'rejected', fields: { date: MSG.dateNotFuture } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('already closed', () => {
  it('a step signed twice, or out of order, is refused and changes nothing', async () => {
    const id = await writtenReport();
    let before = fingerprint(h.db);
    expect(await sign('instructor', id, 'review')).toMatchObject({ status: 'rejected', code: '409' });
    expect(await sign('student', id, 'acknowledge')).toMatchObject({ status: 'rejected', code: '409' });
    expect(fingerprint(h.db)).toBe(before);
    await sign('preceptor', id, 'complete');
    before = fingerprint(h.db);
    expect(await sign('preceptor', id, 'complete')).toMatchObject({ status: 'rejected', code: '409' });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('an edit queued offline before the FTO completed, pushed late, is refused', async () => {
    const id = await writtenReport();
    await sign('preceptor', id, 'complete');
    const before = fingerprint(h.db);
    const late = await save('preceptor', { id, stamp: oldStamp(), changes: { narrative: 'Rewritten' } });
    expect(late).toMatchObject({ status: 'rejected', message: DOR_MSG.signedFrozen });
    expect(fingerprint(h.db)).toBe(before);
    expect(dorRow(id).narrative).toBe('Calm');
  });

  it('a signature replayed under its mutation id is a duplicate and changes nothing', async () => {
    const id = await writtenReport();
    expect(await sign('preceptor', id, 'complete')).toMatchObject({ status: 'applied' });
    const before = fingerprint(h.db);
    const replay = await push(
      'preceptor',
      'signDor',
      {
        id,
        phase: 'complete',
        affirmed: true,
        signature: DRAWN,
        signedAt: new Date().toISOString(),
      },
      true,
    );
    expect(replay).toMatchObject({ status: 'duplicate' });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('fields the schema does not list (status, signatures, the FTO) are ignored', async () => {
    const id = crypto.randomUUID();
    const res = await save('preceptor', {
      id,
      status: 'reviewed',
      ftoId: h.users.director.id,
      signatures: { review: { by: h.users.director.id } },
      changes: { narrative: 'Fine', status: 'reviewed' },
    });
    expect(res).toMatchObject({ status: 'applied' });
    expect(dorRow(id)).toMatchObject({ status: 'draft', ftoId: h.users.preceptor.id, signatures: {} });
  });

  it('a report of another program, or for a trainee out of scope, is unknown', async () => {
    const far = asSystem(h.db, 'fixture', (ctx) =>
      ctx.insert(t.dors, { studentId: farTrainee.id, date: today, ftoId: h.users.director.id, narrative: 'Far' }),
    );
    const before = fingerprint(h.db);
    expect(await save('preceptor', { id: far.id, changes: { narrative: 'Mine now' } })).toMatchObject({
      status: 'rejected',
      code: '404',
    });
    expect(await sign('instructor', far.id, 'complete')).toMatchObject({ status: 'rejected', code: '404' });
    expect(await save('preceptor', { studentId: farTrainee.id, changes: { narrative: 'x' } })).toMatchObject({
      status: 'rejected',
      fields: { studentId: 'Student not found' },
    });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('huge or odd values are refused with their field and change nothing', async () => {
    const before = fingerprint(h.db);
    const ratings = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`c-${i}`, { rating: 4 }]));
    for (const changes of [
      { narrative: 'x'.repeat(8001) },
      { ratings },
      { shiftStart: '25:00' },
      { ratings: { 'officer-safety': { rating: 9 } } },
    ])
      expect(await save('preceptor', { changes })).toMatchObject({ status: 'rejected', code: '400' });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('signatures dated before the shift', () => {
  it("a step signed before the report's shift day is refused with its field and changes nothing", async () => {
    const id = await writtenReport();
    const before = fingerprint(h.db);
    const res = await push('preceptor', 'signDor', {
      id,
      phase: 'complete',
      affirmed: true,
      signature: DRAWN,
      signedAt: '2020-01-01T12:00:00.000Z',
    });
    expect(res).toMatchObject({ status: 'rejected', code: '400', fields: { signedAt: DOR_MSG.signedBeforeShift } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('a report dated far in the past', () => {
  it('a report dated before the trainee enrolled is refused and changes nothing', async () => {
    const before = fingerprint(h.db);
    const res = await save('preceptor', { date: '2001-01-01', changes: { assignment: 'Patrol' } });
    expect(res).toMatchObject({ status: 'rejected', code: '400', fields: { date: DOR_MSG.beforeEnrollment } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

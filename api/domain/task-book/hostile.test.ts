/**
 * Attacks on the fire task book's signatures, as each role that might try them: the candidate, or another account
 * under one of the candidate's addresses, signing a JPR or the book; one person verifying and certifying from two
 * accounts; staff of another program; a replayed or reused id; fields the schema does not list; times far in the
 * future. Each refused attempt changes no record.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import type { Role } from '#schema/enums.ts';
import { MSG, TASK_BOOK_ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let programId: string;
let studentId: string;
let otherBookId: string;
let jprs: string[];
const today = new Date().toISOString().slice(0, 10);
const typed = (name: string) => ({ kind: 'typed', name });

beforeEach(() => {
  h = testApp();
  programId = h.program({ name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.director.id, assignedRole: 'director' },
  ]).id;
  const elsewhere = h.program({ name: 'FF I Elsewhere', type: 'fire', certificationLevel: 'firefighter_1' });
  asSystem(h.db, 'fixture', (ctx) => {
    const student = (code: string, userId: string | null, program: string) =>
      ctx.insert(t.students, {
        userId,
        firstName: 'Cam',
        lastName: code,
        email: `${code}@example.org`,
        phone: '555-0199',
        studentCode: code,
        programId: program,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    studentId = student('f-1', h.users.student.id, programId);
    const farStudent = student('f-2', null, elsewhere.id);
    jprs = ['4.3.1'].map(
      (ref) =>
        ctx.insert(t.skills, {
          code: `ff1-${ref}`,
          name: `JPR ${ref}`,
          category: 'Fireground',
          programType: 'fire',
          certificationLevel: 'firefighter_1',
          standardReference: `NFPA 1001 (2019) ${ref}`,
        }).id,
    );
    otherBookId = ctx.insert(t.taskBooks, {
      studentId: farStudent,
      programId: elsewhere.id,
      level: 'firefighter_1',
      state: 'started',
      startedBy: h.users.director.id,
      startedOn: '2026-01-01',
    }).id;
  });
});

/** A request signed in as the account with this e-mail. */
async function asEmail(email: string, method: string, path: string, body?: unknown) {
  const res = await h.as(email, method, path, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}
const emailOf = (role: Role) => h.users[role].email;

/** A staff account under this e-mail, assigned to the program in its role (or to none: directors and administration see every program). */
const account = (email: string, role: Role, member = true) =>
  h.account(email, role, { programId: member ? programId : undefined, firstName: 'Second', lastName: 'Account' });

const jpr = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  skillId: jprs[0],
  performedOn: today,
  method: 'observed',
  passed: true,
  steps: [{ step: 'Don facepiece', passed: true }],
  evaluator: { name: 'Test instructor', number: 'FD-7' },
  signature: typed('Test instructor'),
  capturedAt: new Date().toISOString(),
  ...over,
});
const bookSign = (name: string, over: Record<string, unknown> = {}) => ({
  name,
  signature: typed(name),
  capturedAt: new Date().toISOString(),
  ...over,
});

async function startBook() {
  const res = await asEmail(emailOf('student'), 'POST', '/api/task-books', { id: crypto.randomUUID(), studentId });
  expect(res.status).toBe(201);
  return res.body.id as string;
}
async function fullBook() {
  const book = await startBook();
  expect((await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/jprs`, jpr())).status).toBe(201);
  return book;
}
const bookRow = (id: string) => h.db.select().from(t.taskBooks).where(eq(t.taskBooks.id, id)).get()!;

describe("another account of the candidate's own address", () => {
  it.each([
    ['an instructor under a +tag of their sign-in address', 'student+fire@test.local', 'instructor'],
    ['a preceptor under their student record’s address', 'f-1+fto@example.org', 'preceptor'],
  ] as const)('%s signs none of their JPRs', async (_, email, role) => {
    account(email, role);
    const book = await startBook();
    const before = fingerprint(h.db);
    const res = await asEmail(email, 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.ownJpr } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('verifies and certifies none of their books', async () => {
    account('student+final@test.local', 'instructor');
    account('student+chief@test.local', 'director', false);
    const book = await fullBook();
    const before = fingerprint(h.db);
    const verify = await asEmail('student+final@test.local', 'POST', `/api/task-books/${book}/verify`, bookSign('Cam'));
    expect(verify).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.ownJpr } });
    expect(fingerprint(h.db)).toBe(before);
    expect(
      (await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/verify`, bookSign('Irene'))).status,
    ).toBe(200);
    const mid = fingerprint(h.db);
    const certify = await asEmail(
      'student+chief@test.local',
      'POST',
      `/api/task-books/${book}/certify`,
      bookSign('Cam'),
    );
    expect(certify).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.ownJpr } });
    expect(fingerprint(h.db)).toBe(mid);
    expect(bookRow(book)).toMatchObject({ state: 'verified', certifiedBy: null });
  });
});

describe('one person, two parts', () => {
  it('the final evaluator does not certify the book from a second account', async () => {
    account('instructor+chief@test.local', 'director');
    const book = await fullBook();
    expect(
      (await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/verify`, bookSign('Irene'))).status,
    ).toBe(200);
    const before = fingerprint(h.db);
    const res = await asEmail(
      'instructor+chief@test.local',
      'POST',
      `/api/task-books/${book}/certify`,
      bookSign('Irene'),
    );
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.sameSigner } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('already closed', () => {
  it('the candidate signs no JPR of their own without a code, nor with their own address', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    for (const evaluator of [
      { name: 'Cam', number: '1' },
      { name: 'Cam', number: '1', email: 'F-1+x@Example.org' },
    ]) {
      const res = await asEmail(emailOf('student'), 'POST', `/api/task-books/${book}/jprs`, {
        ...jpr({ evaluator, signature: typed('Cam') }),
        cosignCode: '123456',
      });
      expect(res.status).toBe(403);
    }
    expect(fingerprint(h.db)).toBe(before);
  });

  it('staff of another program and other students see no book to sign', async () => {
    const far = h.account('far.instructor@test.local', 'instructor', { firstName: 'Far', lastName: 'Instructor' });
    const book = await startBook();
    const before = fingerprint(h.db);
    expect((await asEmail(far.email, 'POST', `/api/task-books/${book}/jprs`, jpr())).status).toBe(404);
    expect((await asEmail(far.email, 'POST', `/api/task-books/${book}/verify`, bookSign('Far'))).status).toBe(404);
    expect((await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${otherBookId}/jprs`, jpr())).status).toBe(
      404,
    );
    expect((await asEmail(emailOf('student'), 'POST', `/api/task-books/${otherBookId}/jprs`, jpr())).status).toBe(404);
    const list = await h.as('student', 'GET', `/api/task-books?studentId=${bookRow(otherBookId).studentId}`);
    expect(await list.json()).toEqual([]);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('a JPR sent again keeps what was signed; its id on another book is refused; forged counts are ignored', async () => {
    const book = await startBook();
    const first = jpr({
      attemptNumber: 3,
      dayNumber: 2,
      evaluatorId: h.users.director.id,
      recordedBy: h.users.director.id,
    });
    const signed = await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/jprs`, first);
    expect(signed).toMatchObject({
      status: 201,
      body: { attemptNumber: 1, dayNumber: 1, evaluatorId: h.users.instructor.id, recordedBy: h.users.instructor.id },
    });
    const before = fingerprint(h.db);
    const again = await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/jprs`, {
      ...first,
      passed: false,
      steps: [],
      comments: 'changed',
    });
    expect(again.body).toMatchObject({ passed: true, comments: null });
    const elsewhere = await asEmail(emailOf('director'), 'POST', `/api/task-books/${otherBookId}/jprs`, first);
    expect(elsewhere.status).toBeGreaterThanOrEqual(400);
    expect(elsewhere.status).toBeLessThan(500);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('the book is signed in order: no certify before verify, no verify with a JPR missing, nothing twice', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    expect(
      (await asEmail(emailOf('director'), 'POST', `/api/task-books/${book}/certify`, bookSign('Dana'))).status,
    ).toBe(409);
    expect(
      (await asEmail(emailOf('instructor'), 'POST', `/api/task-books/${book}/verify`, bookSign('Irene'))).status,
    ).toBe(409);
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('times far away', () => {
  const future = new Date(Date.now() + 400 * 86_400_000).toISOString();

  it('a JPR captured after today is refused with its field and changes nothing', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    const res = await asEmail(
      emailOf('instructor'),
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({ capturedAt: future }),
    );
    expect(res).toMatchObject({ status: 400, body: { fields: { capturedAt: MSG.dateNotFuture } } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('a verification or certification dated after today is refused and changes nothing', async () => {
    const book = await fullBook();
    const before = fingerprint(h.db);
    const verify = await asEmail(
      emailOf('instructor'),
      'POST',
      `/api/task-books/${book}/verify`,
      bookSign('Irene', { capturedAt: future }),
    );
    expect(verify).toMatchObject({ status: 400, body: { fields: { capturedAt: MSG.dateNotFuture } } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

describe('signatures dated before the book', () => {
  it('a verification dated before the book was started is refused and changes nothing', async () => {
    const book = await fullBook();
    const before = fingerprint(h.db);
    const res = await asEmail(
      emailOf('instructor'),
      'POST',
      `/api/task-books/${book}/verify`,
      bookSign('Irene', { capturedAt: '2020-01-01T12:00:00.000Z' }),
    );
    expect(res).toMatchObject({ status: 400, body: { fields: { capturedAt: TASK_BOOK_ERR.signedBeforeStart } } });
    expect(fingerprint(h.db)).toBe(before);
  });
});

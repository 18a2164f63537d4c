import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { talliesOf } from '#api/domain/student-figures.ts';
import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { cosignTotp } from '#schema/cosign.ts';
import type { Role } from '#schema/enums.ts';
import { ERR, TASK_BOOK_ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import type { Cookie } from '#sync/protocol.ts';
import { handlePull } from '#sync/server/pull.ts';

let h: TestApp;
let studentId: string;
let otherStudentId: string;
let jprs: string[];
let programId: string;
const today = new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);

beforeEach(() => {
  h = testApp();
  programId = h.program({ name: 'FF I Academy', type: 'fire', certificationLevel: 'firefighter_1' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.director.id, assignedRole: 'director' },
  ]).id;
  const elsewhere = h.program({ name: 'FF I Elsewhere', type: 'fire', certificationLevel: 'firefighter_1' }, [
    { userId: h.users.administration.id, assignedRole: 'administration' },
  ]);
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
    studentId = student('F-1', h.users.student.id, programId);
    otherStudentId = student('F-2', null, elsewhere.id);
    jprs = ['4.3.1', '4.3.6'].map(
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
  });
});

async function send(role: Role, method: string, path: string, body?: unknown) {
  const res = await h.as(role, method, path, body);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> & { id: string } };
}

const typed = (name: string) => ({ kind: 'typed', name });
/** A JPR signed by the instructor's account (named Test instructor), the evaluator's ID as on the book. */
const jpr = (over: Record<string, unknown> = {}) => ({
  id: crypto.randomUUID(),
  skillId: jprs[0],
  performedOn: today,
  method: 'observed',
  passed: true,
  steps: [
    { step: 'Don facepiece', passed: true },
    { step: 'Check seal', passed: true },
  ],
  evaluator: { name: 'Test instructor', number: 'FD-7' },
  signature: typed('Test instructor'),
  capturedAt: new Date().toISOString(),
  ...over,
});
/** The same JPR signed by another account, under that account's name. */
const jprBy = (role: Role, over: Record<string, unknown> = {}) =>
  jpr({ evaluator: { name: `Test ${role}`, number: 'FD-9' }, signature: typed(`Test ${role}`), ...over });

async function startBook(role: Role = 'student') {
  const res = await send(role, 'POST', '/api/task-books', { id: crypto.randomUUID(), studentId });
  expect(res.status).toBe(201);
  return res.body.id;
}

/** The six-digit code an account's phone shows now. */
async function codeOf(role: Role) {
  await h.login(role);
  const { secret } = h.db.select().from(t.cosignSecrets).where(eq(t.cosignSecrets.userId, h.users[role].id)).get()!;
  return cosignTotp(secret).generate({ timestamp: Date.now() });
}

describe('the task book', () => {
  it('is started by the candidate, once per level, only in a fire program', async () => {
    const book = await startBook();
    expect(h.db.select().from(t.taskBooks).where(eq(t.taskBooks.id, book)).get()).toMatchObject({
      state: 'started',
      level: 'firefighter_1',
      startedBy: h.users.student.id,
      startedOn: today,
    });
    const again = await send('student', 'POST', '/api/task-books', { id: crypto.randomUUID(), studentId });
    expect(again).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.bookAlreadyStarted } });
  });

  it('signs each JPR as its own record with the attempt number the server counts', async () => {
    const book = await startBook();
    const failed = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, {
      ...jpr({ passed: false, steps: [{ step: 'Check seal', passed: false }] }),
      comments: 'Seal not checked',
    });
    expect(failed).toMatchObject({ status: 201, body: { attemptNumber: 1, dayNumber: 1, passed: false } });
    const passed = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(passed.body).toMatchObject({
      attemptNumber: 2,
      method: 'observed',
      evaluatorName: 'Test instructor',
      evaluatorNumber: 'FD-7',
      evaluatorId: h.users.instructor.id,
      recordedBy: h.users.instructor.id,
    });
  });

  it("refuses a skill that is not a JPR of the book's level, and a book outside a fire program, changing nothing", async () => {
    const book = await startBook();
    let ff2 = '';
    let emsStudent = '';
    const ems = h.program({ name: 'EMT Fall', type: 'ems' }, [
      { userId: h.users.instructor.id, assignedRole: 'instructor' },
    ]);
    asSystem(h.db, 'fixture', (ctx) => {
      ff2 = ctx.insert(t.skills, {
        code: 'ff2-5.3.1',
        name: 'JPR 5.3.1',
        category: 'Fireground',
        programType: 'fire',
        certificationLevel: 'firefighter_2',
      }).id;
      emsStudent = ctx.insert(t.students, {
        userId: null,
        firstName: 'Eli',
        lastName: 'Ems',
        email: 'eli@example.org',
        phone: '555-0100',
        studentCode: 'E-1',
        programId: ems.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2026-12-15',
      }).id;
    });
    const before = fingerprint(h.db);
    const other = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ skillId: ff2 }));
    expect(other).toMatchObject({ status: 400, body: { fields: { skillId: TASK_BOOK_ERR.notAJpr } } });
    const emsBook = await send('instructor', 'POST', '/api/task-books', {
      id: crypto.randomUUID(),
      studentId: emsStudent,
    });
    expect(emsBook).toMatchObject({ status: 400, body: { fields: { studentId: TASK_BOOK_ERR.notFireProgram } } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('refuses a JPR performed before the book was started', async () => {
    const book = await startBook();
    const res = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ performedOn: daysAgo(5) }));
    expect(res).toMatchObject({ status: 400, body: { fields: { performedOn: TASK_BOOK_ERR.jprBeforeStart } } });
  });

  it('takes the day a book was started offline, within a week of its arrival, and holds observed JPRs to it', async () => {
    const start = (startedOn: string) =>
      send('student', 'POST', '/api/task-books', { id: crypto.randomUUID(), studentId, startedOn });
    const before = fingerprint(h.db);
    expect(await start(daysAgo(9))).toMatchObject({
      status: 400,
      body: { fields: { startedOn: TASK_BOOK_ERR.startedTooEarly(7) } },
    });
    expect(fingerprint(h.db)).toBe(before);
    const book = await start(daysAgo(6));
    expect(book).toMatchObject({ status: 201, body: { startedOn: daysAgo(6) } });
    const path = `/api/task-books/${book.body.id}/jprs`;
    expect((await send('instructor', 'POST', path, jpr({ performedOn: daysAgo(6) }))).status).toBe(201);
    const early = await send('instructor', 'POST', path, jpr({ skillId: jprs[1], performedOn: daysAgo(7) }));
    expect(early).toMatchObject({ status: 400, body: { fields: { performedOn: TASK_BOOK_ERR.jprBeforeStart } } });
  });

  it('signs documented prior performance dated before the book was started', async () => {
    const book = await startBook();
    const prior = jpr({ method: 'prior_documented', performedOn: daysAgo(40) });
    const res = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, prior);
    expect(res).toMatchObject({ status: 201, body: { method: 'prior_documented', performedOn: daysAgo(40) } });
  });

  it('refuses a pass on a skill sheet with a failed step, and changes nothing', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    const res = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, {
      ...jpr({ steps: [{ step: 'Check seal', passed: false }] }),
    });
    expect(res).toMatchObject({ status: 400, body: { fields: { passed: TASK_BOOK_ERR.sheetFailed } } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('keeps each step of the skill sheet as the evaluator marked it', async () => {
    const book = await startBook();
    const steps = [
      { step: 'Don facepiece', passed: true },
      { step: 'Check seal', passed: false },
    ];
    const res = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ passed: false, steps }));
    expect(res).toMatchObject({ status: 201, body: { passed: false, steps } });
    expect(h.db.select().from(t.jprSignOffs).where(eq(t.jprSignOffs.id, res.body.id)).get()?.steps).toEqual(steps);
  });

  it('refuses a step left unmarked or unnamed with its message, and changes nothing', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    const unmarked = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, {
      ...jpr({ steps: [{ step: 'Check seal' }] }),
    });
    expect(unmarked).toMatchObject({ status: 400, body: { fields: { steps: TASK_BOOK_ERR.stepUnmarked } } });
    const unnamed = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, {
      ...jpr({ steps: [{ step: ' ', passed: true }] }),
    });
    expect(unnamed).toMatchObject({ status: 400, body: { fields: { steps: TASK_BOOK_ERR.stepName } } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it('keeps a signed JPR append-only: the database refuses to change or remove it', async () => {
    const book = await startBook();
    const { body } = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(() => h.db.update(t.jprSignOffs).set({ passed: false }).where(eq(t.jprSignOffs.id, body.id)).run()).toThrow(
      /append-only/,
    );
    expect(() => h.db.delete(t.jprSignOffs).where(eq(t.jprSignOffs.id, body.id)).run()).toThrow(/append-only/);
  });
});

describe('attempts per day and days (default two and two)', () => {
  /** A book started two days back, so attempts on earlier days may be signed in it. */
  async function oldBook() {
    const res = await send('student', 'POST', '/api/task-books', {
      id: crypto.randomUUID(),
      studentId,
      startedOn: daysAgo(2),
    });
    expect(res.status).toBe(201);
    return res.body.id;
  }
  const fail = (performedOn: string) => jpr({ performedOn, passed: false, steps: [] });

  it('refuses a third attempt on one day with a clear message', async () => {
    const book = await oldBook();
    for (let i = 0; i < 2; i++) {
      expect((await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(today))).status).toBe(201);
    }
    const before = fingerprint(h.db);
    const third = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(today));
    expect(third).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.jprAttemptsPerDay(2) } });
    expect(TASK_BOOK_ERR.jprAttemptsPerDay(2)).toBe('At most 2 attempts a day on a JPR: try again on another day');
    expect(fingerprint(h.db)).toBe(before);
  });

  it('refuses an attempt on a third day, and follows the program setting', async () => {
    const book = await oldBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(daysAgo(2)));
    const second = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(daysAgo(1)));
    expect(second.body).toMatchObject({ attemptNumber: 2, dayNumber: 2 });
    const third = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(today));
    expect(third).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.jprDaysUsed(2) } });
    const rules = await send('director', 'PUT', `/api/programs/${programId}/task-book-rules`, {
      attemptsPerDay: 2,
      attemptDays: 3,
    });
    expect(rules.status).toBe(200);
    expect((await send('instructor', 'POST', `/api/task-books/${book}/jprs`, fail(today))).body).toMatchObject({
      dayNumber: 3,
    });
  });

  it('refuses a further attempt once the JPR is signed passed', async () => {
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    const again = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(again).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.jprAlreadySigned } });
  });

  it('refuses rules out of range, or for a program that is not a fire program, and changes nothing', async () => {
    const ems = h.program({ name: 'EMT Fall', type: 'ems' });
    const before = fingerprint(h.db);
    const rules = { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true };
    const zero = await send('director', 'PUT', `/api/programs/${programId}/task-book-rules`, {
      ...rules,
      attemptDays: 0,
    });
    expect(zero).toMatchObject({ status: 400, body: { fields: { attemptDays: TASK_BOOK_ERR.attemptsRange } } });
    const emsRules = await send('director', 'PUT', `/api/programs/${ems.id}/task-book-rules`, rules);
    expect(emsRules).toMatchObject({ status: 400, body: { fields: { programId: TASK_BOOK_ERR.rulesFireOnly } } });
    expect((await send('instructor', 'PUT', `/api/programs/${programId}/task-book-rules`, rules)).status).toBe(403);
    expect(fingerprint(h.db)).toBe(before);
  });

  it('with the program requiring it, a JPR passed in training is signed again', async () => {
    await send('director', 'PUT', `/api/programs/${programId}/task-book-rules`, {
      attemptsPerDay: 2,
      attemptDays: 2,
      resignTrainingJprs: true,
    });
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ inTraining: true }));
    const resigned = await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(resigned).toMatchObject({ status: 201, body: { attemptNumber: 1, inTraining: false } });
  });
});

describe('nobody signs their own JPRs', () => {
  it('refuses the candidate signing on their own account without an evaluator code', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    const res = await send('student', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.codeRequired } });
    expect(fingerprint(h.db)).toBe(before);
  });

  it("refuses the candidate's own address in another form as the evaluator", async () => {
    const book = await startBook();
    for (const email of ['STUDENT@test.local', 'student+jpr@test.local', 'F-1@Example.org']) {
      const res = await send(
        'student',
        'POST',
        `/api/task-books/${book}/jprs`,
        jpr({ evaluator: { name: 'Test instructor', number: 'FD-7', email }, cosignCode: '123456' }),
      );
      expect(res, email).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.ownJpr } });
    }
  });

  it("takes the evaluator's co-sign code on the candidate's phone and names the code's account", async () => {
    const book = await startBook();
    const res = await send(
      'student',
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({
        evaluator: { name: 'Test instructor', number: 'FD-7', email: 'instructor@test.local' },
        cosignCode: await codeOf('instructor'),
      }),
    );
    expect(res).toMatchObject({
      status: 201,
      body: { evaluatorId: h.users.instructor.id, recordedBy: h.users.student.id },
    });
    const reused = await send(
      'student',
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({
        skillId: jprs[1],
        evaluator: { name: 'Test instructor', number: 'FD-7', email: 'instructor@test.local' },
        cosignCode: await codeOf('instructor'),
      }),
    );
    expect(reused).toMatchObject({ status: 409, body: { error: ERR.cosignUsed } });
  });

  it('names the account whose code verified the JPR, and refuses a typed evaluator that is not that account', async () => {
    const book = await startBook();
    const onCandidatePhone = async (name: string, skillId: string) =>
      send(
        'student',
        'POST',
        `/api/task-books/${book}/jprs`,
        jpr({
          skillId,
          evaluator: { name, number: 'FD-7', email: 'instructor@test.local' },
          signature: typed(name),
          cosignCode: await codeOf('instructor'),
        }),
      );
    const before = fingerprint(h.db);
    const smith = await onCandidatePhone('Captain Smith', jprs[0]);
    expect(smith).toMatchObject({
      status: 400,
      body: { fields: { evaluator: TASK_BOOK_ERR.evaluatorNotSigner } },
    });
    expect(fingerprint(h.db)).toBe(before);
    const res = await onCandidatePhone('  test   INSTRUCTOR ', jprs[0]);
    expect(res).toMatchObject({
      status: 201,
      body: { evaluatorName: 'Test instructor', evaluatorId: h.users.instructor.id },
    });
    const listed = (await (await h.as('student', 'GET', '/api/jpr-sign-offs')).json()) as { evaluatorName: string }[];
    expect(listed.map((r) => r.evaluatorName)).toEqual(['Test instructor']);
  });

  it('names the signed-in evaluator on their own phone, and refuses another name typed there', async () => {
    const book = await startBook();
    const before = fingerprint(h.db);
    const other = await send(
      'instructor',
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({ evaluator: { name: 'Test preceptor', number: 'FD-9' }, signature: typed('Test preceptor') }),
    );
    expect(other).toMatchObject({ status: 400, body: { fields: { evaluator: TASK_BOOK_ERR.evaluatorNotSigner } } });
    expect(fingerprint(h.db)).toBe(before);
    const own = await send('preceptor', 'POST', `/api/task-books/${book}/jprs`, jprBy('preceptor'));
    expect(own).toMatchObject({
      status: 201,
      body: { evaluatorName: 'Test preceptor', evaluatorId: h.users.preceptor.id },
    });
  });

  it('refuses a code from an account that may not evaluate this candidate', async () => {
    const book = await startBook();
    const res = await send(
      'student',
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({
        evaluator: { name: 'Casey Brooks', number: 'CC-1', email: 'clinical_coordinator@test.local' },
        signature: typed('Casey Brooks'),
        cosignCode: await codeOf('clinical_coordinator'),
      }),
    );
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.notEvaluator } });
  });

  it('refuses the candidate verifying or certifying their own book', async () => {
    const book = await startBook();
    const sign = { name: 'Cam F-1', signature: typed('Cam F-1'), capturedAt: new Date().toISOString() };
    expect(await send('student', 'POST', `/api/task-books/${book}/verify`, sign)).toMatchObject({
      status: 403,
      body: { error: TASK_BOOK_ERR.ownJpr },
    });
  });
});

describe("the book's signatures, in order", () => {
  const sign = (name: string) => ({ name, signature: typed(name), capturedAt: new Date().toISOString() });

  it('verifies only a complete book, and certifies only a verified one, by someone else', async () => {
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    const early = await send('director', 'POST', `/api/task-books/${book}/certify`, sign('Dana Whitfield'));
    expect(early).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.notVerified } });
    const incomplete = await send('instructor', 'POST', `/api/task-books/${book}/verify`, sign('Irene Okafor'));
    expect(incomplete).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.bookIncomplete(1) } });
    await send('preceptor', 'POST', `/api/task-books/${book}/jprs`, jprBy('preceptor', { skillId: jprs[1] }));
    const verified = await send('instructor', 'POST', `/api/task-books/${book}/verify`, sign('Irene Okafor'));
    expect(verified).toMatchObject({ status: 200, body: { state: 'verified', verifiedBy: h.users.instructor.id } });
    const closed = await send(
      'preceptor',
      'POST',
      `/api/task-books/${book}/jprs`,
      jprBy('preceptor', { skillId: jprs[1] }),
    );
    expect(closed).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.bookClosed } });
    const certified = await send('director', 'POST', `/api/task-books/${book}/certify`, sign('Dana Whitfield'));
    expect(certified).toMatchObject({ status: 200, body: { state: 'certified', certifiedBy: h.users.director.id } });
  });

  it('refuses the final evaluator certifying the book they verified', async () => {
    const book = await startBook('director');
    for (const skillId of jprs) await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ skillId }));
    await send('director', 'POST', `/api/task-books/${book}/verify`, sign('Dana Whitfield'));
    const res = await send('director', 'POST', `/api/task-books/${book}/certify`, sign('Dana Whitfield'));
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.sameSigner } });
  });
});

describe("the book is signed for the candidate's program", () => {
  const sign = (name: string) => ({ name, signature: typed(name), capturedAt: new Date().toISOString() });
  const completeBook = async () => {
    const book = await startBook();
    for (const skillId of jprs) await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ skillId }));
    return book;
  };

  it('refuses a director or administration account not assigned to the program verifying the book', async () => {
    const book = await completeBook();
    const before = fingerprint(h.db);
    const res = await send('administration', 'POST', `/api/task-books/${book}/verify`, sign('Test administration'));
    expect(res).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.notProgramEvaluator } });
    expect(fingerprint(h.db)).toBe(before);
    expect(h.db.select().from(t.taskBooks).where(eq(t.taskBooks.id, book)).get()).toMatchObject({
      state: 'started',
      verifiedBy: null,
    });
  });

  it("refuses a certifying official who is not assigned to the candidate's program, and changes nothing", async () => {
    const book = await completeBook();
    await send('instructor', 'POST', `/api/task-books/${book}/verify`, sign('Test instructor'));
    const before = fingerprint(h.db);
    // administration of another program only, then a director assigned here in another role
    const elsewhere = await send(
      'administration',
      'POST',
      `/api/task-books/${book}/certify`,
      sign('Test administration'),
    );
    expect(elsewhere).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.notProgramOfficial } });
    expect(fingerprint(h.db)).toBe(before);
    asSystem(h.db, 'fixture', (ctx) => {
      const membership = h.db
        .select()
        .from(t.programMembers)
        .where(eq(t.programMembers.userId, h.users.director.id))
        .get()!;
      ctx.update(t.programMembers, membership, { assignedRole: 'instructor' });
    });
    const assigned = fingerprint(h.db);
    const otherRole = await send('director', 'POST', `/api/task-books/${book}/certify`, sign('Test director'));
    expect(otherRole).toMatchObject({ status: 403, body: { error: TASK_BOOK_ERR.notProgramOfficial } });
    expect(fingerprint(h.db)).toBe(assigned);
    expect(h.db.select().from(t.taskBooks).where(eq(t.taskBooks.id, book)).get()).toMatchObject({
      state: 'verified',
      certifiedBy: null,
    });
  });

  it("takes the program's named director as its certifying official", async () => {
    const book = await completeBook();
    await send('instructor', 'POST', `/api/task-books/${book}/verify`, sign('Test instructor'));
    asSystem(h.db, 'fixture', (ctx) => {
      for (const m of h.db
        .select()
        .from(t.programMembers)
        .where(eq(t.programMembers.userId, h.users.director.id))
        .all())
        ctx.remove(t.programMembers, m);
      ctx.update(t.programs, ctx.find(t.programs, programId)!, { directorId: h.users.director.id });
    });
    const res = await send('director', 'POST', `/api/task-books/${book}/certify`, sign('Test director'));
    expect(res).toMatchObject({ status: 200, body: { state: 'certified', certifiedBy: h.users.director.id } });
  });
});

describe('who sees and signs which book', () => {
  it('a candidate sees only their book; staff only their programs', async () => {
    const book = await startBook();
    let other = '';
    asSystem(h.db, 'fixture', (ctx) => {
      other = ctx.insert(t.taskBooks, {
        studentId: otherStudentId,
        programId: 'elsewhere',
        level: 'firefighter_1',
        state: 'started',
        startedBy: 'system',
        startedOn: '2026-01-01',
      }).id;
    });
    const ids = async (role: Role) =>
      ((await (await h.as(role, 'GET', '/api/task-books')).json()) as { id: string }[]).map((b) => b.id).sort();
    expect(await ids('student')).toEqual([book]);
    expect(await ids('instructor')).toEqual([book]);
    expect(await ids('director')).toEqual([book, other].sort());
    const outside = await send('instructor', 'POST', `/api/task-books/${other}/jprs`, jpr());
    expect(outside).toMatchObject({ status: 404 });
    const strangers = await send('student', 'POST', '/api/task-books', {
      id: crypto.randomUUID(),
      studentId: otherStudentId,
    });
    expect(strangers.status).toBe(400);
  });
});

describe('the progress report', () => {
  it("shows each fire candidate's JPRs signed of those required and the book's state", async () => {
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    await send(
      'instructor',
      'POST',
      `/api/task-books/${book}/jprs`,
      jpr({ skillId: jprs[1], passed: false, steps: [] }),
    );
    const reports = (await (await h.as('instructor', 'GET', '/api/reports/progress')).json()) as {
      id: string;
      taskBook: unknown;
    }[];
    expect(reports.find((r) => r.id === studentId)?.taskBook).toEqual({ signed: 1, required: 2, state: 'started' });
  });

  it('counts a JPR passed in training only once signed again, where the program requires it', async () => {
    await send('director', 'PUT', `/api/programs/${programId}/task-book-rules`, {
      attemptsPerDay: 2,
      attemptDays: 2,
      resignTrainingJprs: true,
    });
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ inTraining: true }));
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ skillId: jprs[1] }));
    const report = async () =>
      (
        (await (await h.as('instructor', 'GET', '/api/reports/progress')).json()) as { id: string; taskBook: unknown }[]
      ).find((r) => r.id === studentId)?.taskBook;
    // JPR 1 passed in training (not counted), JPR 2 passed on the job: 1 of 2
    expect(await report()).toEqual({ signed: 1, required: 2, state: 'started' });
    const verify = { name: 'Irene Okafor', signature: typed('Irene Okafor'), capturedAt: new Date().toISOString() };
    const early = await send('instructor', 'POST', `/api/task-books/${book}/verify`, verify);
    expect(early).toMatchObject({ status: 409, body: { error: TASK_BOOK_ERR.bookIncomplete(1) } });
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr());
    expect(await report()).toEqual({ signed: 2, required: 2, state: 'started' });
    expect((await send('instructor', 'POST', `/api/task-books/${book}/verify`, verify)).status).toBe(200);
    expect(await report()).toEqual({ signed: 2, required: 2, state: 'verified' });
  });
});

describe("a desk device's figures of fire candidates", () => {
  const deskPull = (cookie: Cookie | null) =>
    handlePull(
      h.db,
      { id: h.users.director.id, role: 'director' },
      {
        pullVersion: 1,
        clientGroupId: 'desk',
        clientId: 'desk-1',
        cookie,
        opened: [],
      },
    );
  const tallies = (res: ReturnType<typeof deskPull>) =>
    res.patch.flatMap((op) =>
      op.op === 'put' && op.table === 'students' && op.row.id === studentId ? [op.row] : [],
    )[0]?.tallies;

  it('a change of whether training JPRs are signed again sends the candidates their new tallies', async () => {
    const book = await startBook();
    await send('instructor', 'POST', `/api/task-books/${book}/jprs`, jpr({ inTraining: true }));
    const first = deskPull(null);
    const before = tallies(first);
    expect(before).toEqual(talliesOf(h.db, [{ id: studentId, programId }]).get(studentId));
    const rules = { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true };
    expect((await send('director', 'PUT', `/api/programs/${programId}/task-book-rules`, rules)).status).toBe(200);
    const after = tallies(deskPull(first.cookie));
    expect(after).toEqual(talliesOf(h.db, [{ id: studentId, programId }]).get(studentId));
    expect(after).not.toEqual(before);
  });
});

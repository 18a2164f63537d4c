/** The fire task book on two phones, offline, against the real server (sync/test-harness.ts). */
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { testApp } from '#api/test/helpers.ts';
import { cosignTotp } from '#schema/cosign.ts';
import { addDays } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { TASK_BOOK_ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { openClient, sessionFetch, uid, uniqueDbName } from '../test-harness.ts';
import type { TrainingDb } from './db.ts';
import { MutationRefused } from './engine.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const today = new Date().toISOString().slice(0, 10);

/**
 * A Fire Fighter I program with an instructor, a preceptor and its director (the certifying official), its candidate
 * (the student account) and two JPRs. The administration account is assigned to no program.
 */
function fireWorld() {
  const h = testApp();
  const program = h.program({ name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.director.id, assignedRole: 'director' },
  ]);
  return asSystem(h.db, 'fixture', (ctx) => ({
    h,
    candidate: ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Cam',
      lastName: 'Candidate',
      email: 'cam@example.org',
      phone: '555-0188',
      studentCode: 'F-1',
      programId: program.id,
      enrollmentDate: '2026-01-01',
      expectedGraduation: '2026-12-31',
    }),
    jprs: ['4.3.1', '4.3.6'].map((ref) =>
      ctx.insert(t.skills, {
        code: `ff1-${ref}`,
        name: `JPR ${ref}`,
        category: 'Fireground',
        programType: 'fire',
        certificationLevel: 'firefighter_1',
      }),
    ),
  }));
}
type FireWorld = ReturnType<typeof fireWorld>;

async function phone(w: FireWorld, role: Role) {
  const session = sessionFetch(w.h, role);
  await session.relogin();
  const client = openClient(w.h, role, uniqueDbName(`fire-${role}`), session.fetch);
  opened.push(client.db);
  await client.engine.sync();
  return client;
}

const jpr = (w: FireWorld, n: number, over: Record<string, unknown> = {}) => ({
  id: uid(n),
  taskBookId: uid(1),
  skillId: w.jprs[0].id,
  performedOn: today,
  method: 'observed' as const,
  passed: false,
  evaluator: { name: 'Test instructor', number: 'FD-7' },
  signature: { kind: 'typed' as const, name: 'Test instructor' },
  capturedAt: new Date().toISOString(),
  ...over,
});

/** The code the account's own phone shows now (its secret was made when it signed in). */
function codeOf(w: FireWorld, role: Role) {
  const { secret } = w.h.db.select().from(t.cosignSecrets).where(eq(t.cosignSecrets.userId, w.h.users[role].id)).get()!;
  return cosignTotp(secret).generate({ timestamp: Date.now() });
}

const records = async (db: TrainingDb) =>
  (await db.rows('jprSignOffs').toArray())
    .map((r) => ({ id: r.id, attemptNumber: r.attemptNumber, evaluatorId: r.evaluatorId }))
    .sort((a, b) => a.attemptNumber - b.attemptNumber);

describe('the task book offline', () => {
  it('the candidate phone refuses the candidate signing their own JPR, with no code or with their own address', async () => {
    const w = fireWorld();
    const mine = await phone(w, 'student');
    await mine.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await expect(mine.engine.mutate('signJpr', jpr(w, 2))).rejects.toThrow(
      new MutationRefused(TASK_BOOK_ERR.codeRequired),
    );
    const ownAddress = jpr(w, 3, {
      evaluator: { name: 'Test instructor', number: 'FD-7', email: 'Cam+fire@Example.org' },
      cosignCode: '123456',
    });
    await expect(mine.engine.mutate('signJpr', ownAddress)).rejects.toThrow(TASK_BOOK_ERR.ownJpr);
    expect((await mine.db.outbox.toArray()).map((e) => e.name)).toEqual(['startTaskBook']);
    expect(await mine.db.rows('jprSignOffs').count()).toBe(0);
  });

  it("signs a JPR on the candidate's phone with the evaluator's code, and two phones converge on the server's count", async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await candidate.engine.sync();
    const evaluator = await phone(w, 'instructor');
    await phone(w, 'preceptor');
    // both offline: the instructor signs an attempt on their phone, the preceptor one on the candidate's with a code
    await evaluator.engine.mutate('signJpr', jpr(w, 10));
    await candidate.engine.mutate(
      'signJpr',
      jpr(w, 11, {
        evaluator: { name: 'Test preceptor', number: 'FD-9', email: 'preceptor@test.local' },
        signature: { kind: 'typed', name: 'Test preceptor' },
        cosignCode: codeOf(w, 'preceptor'),
      }),
    );
    // each phone counted its own attempt as the first
    expect(await records(evaluator.db)).toEqual([
      { id: uid(10), attemptNumber: 1, evaluatorId: w.h.users.instructor.id },
    ]);
    await evaluator.engine.sync();
    await candidate.engine.sync();
    await evaluator.engine.sync();
    const expected = [
      { id: uid(10), attemptNumber: 1, evaluatorId: w.h.users.instructor.id },
      { id: uid(11), attemptNumber: 2, evaluatorId: w.h.users.preceptor.id },
    ];
    expect(await records(evaluator.db)).toEqual(expected);
    expect(await records(candidate.db)).toEqual(expected);
    // a third attempt today is refused on the device, by the program's limit
    await expect(evaluator.engine.mutate('signJpr', jpr(w, 12))).rejects.toThrow(TASK_BOOK_ERR.jprAttemptsPerDay(2));
  });

  it('keeps a JPR signed on the day a book was started offline, when the phone syncs days later', async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await phone(w, 'instructor');
    // on the fireground three days ago, no signal: the candidate starts the book and the evaluator signs on it
    const threeDaysAgo = Date.now() - 3 * 86_400_000;
    const { secret } = w.h.db
      .select()
      .from(t.cosignSecrets)
      .where(eq(t.cosignSecrets.userId, w.h.users.instructor.id))
      .get()!;
    const startedOn = new Date(threeDaysAgo).toISOString().slice(0, 10);
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id, startedOn });
    await candidate.engine.mutate(
      'signJpr',
      jpr(w, 30, {
        passed: true,
        performedOn: startedOn,
        capturedAt: new Date(threeDaysAgo).toISOString(),
        evaluator: { name: 'Test instructor', number: 'FD-7', email: 'instructor@test.local' },
        cosignCode: cosignTotp(secret).generate({ timestamp: threeDaysAgo }),
      }),
    );
    // observed the day before the book was started: refused on the device as on the server
    const dayBefore = jpr(w, 31, { skillId: w.jprs[1].id, performedOn: addDays(startedOn, -1) });
    await expect(candidate.engine.mutate('signJpr', dayBefore)).rejects.toThrow(TASK_BOOK_ERR.jprBeforeStart);
    await candidate.engine.sync();
    expect(await candidate.db.rejected.toArray()).toEqual([]);
    expect(await records(candidate.db)).toEqual([
      { id: uid(30), attemptNumber: 1, evaluatorId: w.h.users.instructor.id },
    ]);
  });

  it('an attempt past the limit queued on a second phone is refused by the server with the reason, and dropped', async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await candidate.engine.sync();
    const first = await phone(w, 'instructor');
    const second = await phone(w, 'preceptor');
    await first.engine.mutate('signJpr', jpr(w, 20));
    await first.engine.mutate('signJpr', jpr(w, 21));
    await second.engine.mutate(
      'signJpr',
      jpr(w, 22, {
        evaluator: { name: 'Test preceptor', number: 'FD-9' },
        signature: { kind: 'typed', name: 'Test preceptor' },
      }),
    );
    await first.engine.sync();
    await second.engine.sync();
    expect(await second.db.rejected.toArray()).toMatchObject([
      { name: 'signJpr', message: TASK_BOOK_ERR.jprAttemptsPerDay(2) },
    ]);
    expect((await records(second.db)).map((r) => r.id)).toEqual([uid(20), uid(21)]);
  });

  it('refuses on the device a book verified by its candidate, or certified before it is verified', async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await candidate.engine.sync();
    const sign = (name: string) => ({
      taskBookId: uid(1),
      name,
      signature: { kind: 'typed' as const, name },
      capturedAt: new Date().toISOString(),
    });
    await expect(candidate.engine.mutate('verifyTaskBook', sign('Cam Candidate'))).rejects.toThrow(
      TASK_BOOK_ERR.ownJpr,
    );
    const director = await phone(w, 'director');
    await expect(director.engine.mutate('certifyTaskBook', sign('Test director'))).rejects.toThrow(
      TASK_BOOK_ERR.notVerified,
    );
    await expect(director.engine.mutate('verifyTaskBook', sign('Test director'))).rejects.toThrow(
      TASK_BOOK_ERR.bookIncomplete(2),
    );
  });

  it("refuses on the device a verifier or certifying official not assigned to the candidate's program", async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await candidate.engine.sync();
    const evaluator = await phone(w, 'instructor');
    for (const [n, skill] of w.jprs.entries()) {
      await evaluator.engine.mutate('signJpr', jpr(w, 10 + n, { skillId: skill.id, passed: true }));
    }
    await evaluator.engine.sync();
    const sign = (name: string) => ({
      taskBookId: uid(1),
      name,
      signature: { kind: 'typed' as const, name },
      capturedAt: new Date().toISOString(),
    });
    const outsider = await phone(w, 'administration');
    await expect(outsider.engine.mutate('verifyTaskBook', sign('Test administration'))).rejects.toThrow(
      TASK_BOOK_ERR.notProgramEvaluator,
    );
    await evaluator.engine.mutate('verifyTaskBook', sign('Test instructor'));
    await evaluator.engine.sync();
    await outsider.engine.sync();
    await expect(outsider.engine.mutate('certifyTaskBook', sign('Test administration'))).rejects.toThrow(
      TASK_BOOK_ERR.notProgramOfficial,
    );
    expect(await outsider.db.outbox.count()).toBe(0);
    expect(await outsider.db.rows('taskBooks').get(uid(1))).toMatchObject({ state: 'verified', certifiedBy: null });
  });

  it("names the signed-in evaluator on their own phone and refuses another typed name; the candidate's names the code's account once synced", async () => {
    const w = fireWorld();
    const candidate = await phone(w, 'student');
    await candidate.engine.mutate('startTaskBook', { id: uid(1), studentId: w.candidate.id });
    await candidate.engine.sync();
    const evaluator = await phone(w, 'instructor');
    const smith = jpr(w, 40, {
      evaluator: { name: 'Captain Smith', number: 'FD-7' },
      signature: { kind: 'typed', name: 'Captain Smith' },
    });
    await expect(evaluator.engine.mutate('signJpr', smith)).rejects.toThrow(TASK_BOOK_ERR.evaluatorNotSigner);
    expect(await evaluator.db.outbox.count()).toBe(0);
    const own = jpr(w, 41, {
      evaluator: { name: 'test INSTRUCTOR', number: 'FD-7' },
      signature: { kind: 'typed', name: 'test INSTRUCTOR' },
    });
    await evaluator.engine.mutate('signJpr', own);
    expect((await evaluator.db.rows('jprSignOffs').get(uid(41)))?.evaluatorName).toBe('Test instructor');

    // on the candidate's phone the code's account is known only to the server, whose row then names it
    await phone(w, 'preceptor');
    await candidate.engine.mutate(
      'signJpr',
      jpr(w, 42, {
        skillId: w.jprs[1].id,
        evaluator: { name: 'test preceptor', number: 'FD-9', email: 'preceptor@test.local' },
        signature: { kind: 'typed', name: 'test preceptor' },
        cosignCode: codeOf(w, 'preceptor'),
      }),
    );
    await evaluator.engine.sync();
    await candidate.engine.sync();
    expect(await candidate.db.rejected.toArray()).toEqual([]);
    expect((await candidate.db.rows('jprSignOffs').get(uid(42)))?.evaluatorName).toBe('Test preceptor');
  });
});

/**
 * The figures a device keeps per student, against the rule they stand for: after any sequence of local writes, pulls
 * (a first sync in small pages among them) and server-side changes to programs and skills, every device's figures
 * equal summarizeStudent over its whole tables, computed from scratch (a first sync's records count from its last
 * page). A write to one student recomputes theirs only, and a first sync does not recompute on each page of records.
 * Devices are real engines on fake-indexeddb talking to the real server code (test-harness.ts).
 */
import fc from 'fast-check';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import type { Role } from '#schema/enums.ts';
import { candidateProgress } from '#schema/fire-task-book.ts';
import {
  addUpHours,
  figuresFromTallies,
  skillsByTrack,
  type StudentSummary,
  studentTrack,
  summarizeStudent,
} from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

import type { Cookie, PullRequest } from '../protocol.ts';
import { handlePull } from '../server/pull.ts';
import { type Fetch, openClient, sessionFetch, type SyncWorld, syncWorld, uniqueDbName } from '../test-harness.ts';
import type { TrainingDb } from './db.ts';
import { type ProgramTypeTotals, tallyOf, totalsOf } from './type-totals.ts';

const RUNS = Number(process.env.FIGURES_RUNS ?? 100);
/** Rows per page of a first sync: small, so one arrives in several pages with pending writes replayed on each. */
const PAGE_ROWS = 4;
const DEVICES: Role[] = ['director', 'instructor'];

type Op =
  | { kind: 'progress'; device: number; student: number; skill: number; percent: number }
  | { kind: 'log'; device: number; student: number; skill: number; successful: boolean }
  | { kind: 'void'; device: number; pick: number }
  | { kind: 'hours'; device: number; student: number; hours: number; field: boolean }
  | { kind: 'deleteHours'; device: number; pick: number }
  | { kind: 'move'; student: number }
  | { kind: 'standing'; student: number; isActive: boolean; graduationDate: string | null }
  | { kind: 'deleteStudent'; student: number }
  | { kind: 'skill'; skill: number; minimum: number; level: 'emt' | 'aemt' }
  | { kind: 'program'; requiredHours: number }
  | { kind: 'sync'; device: number }
  | { kind: 'pull'; device: number }
  | { kind: 'firstSync'; device: number; push: boolean };

const device = fc.integer({ min: 0, max: DEVICES.length - 1 });
const student = fc.integer({ min: 0, max: 3 });
const skill = fc.integer({ min: 0, max: 2 });
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('progress' as const),
      device,
      student,
      skill,
      percent: fc.constantFrom(0, 40, 100),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({ kind: fc.constant('log' as const), device, student, skill, successful: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('void' as const), device, pick: fc.nat() }) },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hours' as const),
      device,
      student,
      hours: fc.integer({ min: 1, max: 12 }),
      field: fc.boolean(),
    }),
  },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('deleteHours' as const), device, pick: fc.nat() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('move' as const), student }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('standing' as const),
      student,
      isActive: fc.boolean(),
      graduationDate: fc.constantFrom(null, '2026-06-30', '2026-12-18'),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('deleteStudent' as const), student }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('skill' as const),
      skill,
      minimum: fc.integer({ min: 1, max: 4 }),
      level: fc.constantFrom('emt' as const, 'aemt' as const),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('program' as const), requiredHours: fc.integer({ min: 0, max: 40 }) }),
  },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('sync' as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('pull' as const), device }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('firstSync' as const), device, push: fc.boolean() }) },
);

const toDelete: TrainingDb[] = [];
afterAll(async () => {
  for (const db of toDelete) await db.delete().catch(() => undefined);
});
afterEach(() => {
  vi.restoreAllMocks();
});

/**
 * Pushes through the app; pulls answered by the server's pull in pages of PAGE_ROWS, the figures checked before each:
 * while a first sync's pages follow, every student held has a row (their records count once the last page is in).
 */
async function openDevice(w: SyncWorld, role: Role) {
  const session = sessionFetch(w.h, role);
  await session.relogin();
  const actor = { id: w.h.users[role].id, role };
  const fetch: Fetch = async (path, init) => {
    if (path !== '/api/sync/pull') return session.fetch(path, init);
    // without a cookie (a first sync about to start) the figures are as the last one left them
    const cookie = await client.db.getMeta<Cookie>('cookie');
    if (!cookie || cookie.snapshot) await expectEveryStudentListed(client.db);
    else await expectFiguresFromScratch(client.db, `${role} before a pull`);
    return Response.json(handlePull(w.h.db, actor, JSON.parse(init.body as string) as PullRequest, PAGE_ROWS));
  };
  const client = openClient(w.h, role, uniqueDbName(`figures-${role}`), fetch);
  toDelete.push(client.db);
  return client;
}
type Device = Awaited<ReturnType<typeof openDevice>>;

/** The world's students: the three of its EMT program, then the one of its fire program. */
const studentIds = (w: SyncWorld) => [...w.students, w.outsider].map((s) => s.id);

async function apply(w: SyncWorld, devices: Device[], op: Op) {
  const on = (d: number) => devices[d];
  switch (op.kind) {
    case 'progress':
      await on(op.device).engine.mutate('recordSkillProgress', {
        studentId: studentIds(w)[op.student],
        skillId: w.skills[op.skill].id,
        status: op.percent === 100 ? 'completed' : op.percent === 0 ? 'not_started' : 'in_progress',
        progressPercentage: op.percent,
        attempts: 1,
        successfulAttempts: 1,
      });
      return;
    case 'log':
      await on(op.device).engine.mutate('logSkillAttempt', {
        studentId: studentIds(w)[op.student],
        skillId: w.skills[op.skill].id,
        attemptedAt: '2026-03-01T09:00:00.000Z',
        setting: 'lab',
        outcome: op.successful ? 'successful' : 'unsuccessful',
      });
      return;
    case 'void': {
      const attempt = await pick(on(op.device).db, 'skillAttempts', op.pick);
      if (attempt)
        await on(op.device).engine.mutate('voidSkillAttempt', { attemptId: attempt.id, reason: 'Logged by mistake' });
      return;
    }
    case 'hours':
      await on(op.device).engine.mutate('logClinicalHours', {
        studentId: studentIds(w)[op.student],
        date: `2026-02-${String(op.hours + 10)}`,
        hoursCompleted: op.hours,
        hourType: op.field ? 'field' : 'clinical',
      });
      return;
    case 'deleteHours': {
      const hours = await pick(on(op.device).db, 'clinicalHours', op.pick);
      if (hours)
        await on(op.device).engine.mutate('deleteClinicalHours', { id: hours.id, reason: 'Logged by mistake' });
      return;
    }
    case 'move': {
      const id = studentIds(w)[op.student];
      const current = await on(0).db.rows('students').get(id);
      if (!current) return;
      const programId = current.programId === w.program.id ? w.outsider.programId : w.program.id;
      await on(0).engine.mutate('updateStudent', { id, changes: { programId } });
      return;
    }
    case 'standing':
      await on(0).engine.mutate('updateStudent', {
        id: studentIds(w)[op.student],
        changes: { isActive: op.isActive, graduationDate: op.graduationDate },
      });
      return;
    case 'deleteStudent':
      await on(0).engine.mutate('deleteStudent', { id: studentIds(w)[op.student] });
      return;
    case 'skill':
      asSystem(w.h.db, 'changeSkill', (ctx) => {
        const current = ctx.get(t.skills, w.skills[op.skill].id, 'Skill');
        ctx.update(t.skills, current, { minimumAttempts: op.minimum, certificationLevel: op.level });
      });
      return;
    case 'program':
      asSystem(w.h.db, 'changeProgram', (ctx) => {
        const current = ctx.get(t.programs, w.program.id, 'Program');
        ctx.update(t.programs, current, { requiredHours: op.requiredHours });
      });
      return;
    case 'sync':
      await on(op.device).engine.sync();
      return;
    // without a push first, the writes queued stay pending: each page rewinds and replays them
    case 'pull':
      await on(op.device).engine.pull();
      return;
    case 'firstSync': {
      // as when what the user may see changes: the next pull starts again from `clear`, in pages
      const { db, engine } = on(op.device);
      await db.meta.delete('cookie');
      await (op.push ? engine.sync() : engine.pull());
    }
  }
}

async function pick(db: TrainingDb, table: 'skillAttempts' | 'clinicalHours', n: number) {
  const rows = await db.domain(table).toArray();
  return rows.length > 0 ? rows[n % rows.length] : undefined;
}

/** A whole summary cut to the figures a device keeps. */
const kept = ({ skillIds: _ids, progressBySkill: _bySkill, ...figures }: StudentSummary) => figures;

/**
 * What summarizeStudent makes of the device's whole tables, for every student it holds; a desk device's student it
 * has not opened, from the tallies sent with their row (schema/device-set.ts).
 */
async function fromScratch(db: TrainingDb) {
  const [students, programs, skills, progress, hours, books, records, cookie] = await Promise.all([
    db.rows('students').toArray(),
    db.rows('programs').toArray(),
    db.rows('skills').toArray(),
    db.rows('studentSkills').toArray(),
    db.rows('clinicalHours').toArray(),
    db.rows('taskBooks').toArray(),
    db.rows('jprSignOffs').toArray(),
    db.getMeta<Cookie>('cookie'),
  ]);
  const skillsFor = skillsByTrack(skills);
  // a fire candidate's figures come from their task book's JPRs, not their skill-progress records
  const jprs = candidateProgress({ students, programs, skills, books, records });
  return students.map((s) => {
    const program = programs.find((p) => p.id === s.programId);
    if (s.tallies && !cookie?.opened?.includes(s.id)) {
      const figures = figuresFromTallies(program, studentTrack(s, program, skillsFor), s.tallies);
      return { studentId: s.id, summary: figures, tally: tallyOf(s, figures.program?.type ?? null, figures) };
    }
    const summary = summarizeStudent(
      s,
      programs.find((p) => p.id === s.programId),
      skillsFor,
      jprs.get(s.id) ?? new Map(progress.filter((p) => p.studentId === s.id).map((p) => [p.skillId, p])),
      addUpHours(hours.filter((h) => h.studentId === s.id)),
    );
    return { studentId: s.id, summary: kept(summary), tally: tallyOf(s, summary.program?.type ?? null, summary) };
  });
}

async function expectEveryStudentListed(db: TrainingDb) {
  expect(await db.studentFigures.toCollection().primaryKeys()).toEqual(
    await db.rows('students').toCollection().primaryKeys(),
  );
}

async function expectFiguresFromScratch(db: TrainingDb, context: string) {
  const figures = await fromScratch(db);
  expect(await db.studentFigures.toArray(), context).toEqual(figures);
  const byType = (totals: ProgramTypeTotals[]) =>
    [...totals].sort((a, b) => a.programType.localeCompare(b.programType));
  expect(await db.programTypeTotals.toArray(), `${context}: program type totals`).toEqual(
    byType(totalsOf(figures.map((f) => f.tally))),
  );
}

/**
 * The director's device opens every student, so holds every record (schema/device-set.ts); a coordinator's opens none
 * and computes each student's figures from the tallies sent with their row: once both have synced, the same figures.
 */
async function runCase(ops: Op[]) {
  const w = syncWorld();
  const devices = await Promise.all(DEVICES.map((role) => openDevice(w, role)));
  const session = sessionFetch(w.h, 'clinical_coordinator');
  await session.relogin();
  const desk = openClient(w.h, 'clinical_coordinator', uniqueDbName('figures-desk'), session.fetch);
  toDelete.push(desk.db);
  for (const id of studentIds(w)) await devices[0].engine.openStudent(id);
  for (const d of devices) await d.engine.sync();
  for (const [i, op] of ops.entries()) {
    await apply(w, devices, op);
    for (const [n, d] of devices.entries()) await expectFiguresFromScratch(d.db, `${DEVICES[n]} after op ${i}`);
  }
  for (const d of [...devices, desk]) await d.engine.sync();
  for (const [n, d] of devices.entries()) await expectFiguresFromScratch(d.db, `${DEVICES[n]} synced`);
  // both read the server as it now stands (the director synced before the instructor sent theirs)
  await devices[0].engine.sync();
  await desk.engine.sync();
  expect(await desk.db.studentFigures.toArray(), 'a desk device that opened no student').toEqual(
    await devices[0].db.studentFigures.toArray(),
  );
  expect(await desk.db.programTypeTotals.toArray()).toEqual(await devices[0].db.programTypeTotals.toArray());
  expect(await desk.db.rows('studentSkills').count(), 'it holds no summary row').toBe(0);
  for (const d of [...devices, desk]) d.db.close();
}

describe('student figures kept on the device', () => {
  it(`equal summaries computed from scratch after any writes and pulls, ${RUNS} generated cases`, async () => {
    await fc.assert(fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 16 }), runCase), {
      numRuns: RUNS,
      ...(process.env.FIGURES_SEED && { seed: Number(process.env.FIGURES_SEED) }),
    });
  }, 600_000);

  it("recompute one student's row for one logged attempt, written on the device or pulled", async () => {
    const w = syncWorld();
    const [director, instructor] = await Promise.all(DEVICES.map((role) => openDevice(w, role)));
    await director.engine.sync();
    const recomputed = vi.spyOn(director.db.studentFigures, 'bulkPut');
    const recomputedIds = () => recomputed.mock.calls.flatMap(([rows]) => rows.map((r) => r.studentId));
    const attempt = (studentId: string) => ({
      studentId,
      skillId: w.skills[0].id,
      attemptedAt: '2026-03-01T09:00:00.000Z',
      setting: 'lab' as const,
      outcome: 'successful' as const,
    });

    await director.engine.mutate('logSkillAttempt', attempt(w.students[1].id));
    expect(recomputedIds()).toEqual([w.students[1].id]);
    await director.engine.sync();

    await instructor.engine.sync();
    await instructor.engine.mutate('logSkillAttempt', attempt(w.students[2].id));
    await instructor.engine.sync();
    recomputed.mockClear();
    await director.engine.sync();
    expect(recomputedIds()).toEqual([w.students[2].id]);
    await expectFiguresFromScratch(director.db, 'director');
    expect(
      (await director.db.studentFigures.get(w.students[2].id))?.summary.verifiedAttempts,
      "the pulled attempt counts in the student's figures",
    ).toBe(1);
    director.db.close();
    instructor.db.close();
  });

  it('a first sync in pages recomputes no figures for the pages of records until its last', async () => {
    // figure rows written by a director's first sync, with every student's progress recorded on some skills
    const firstSyncWrites = async (skills: number) => {
      const w = syncWorld();
      const writer = await openDevice(w, 'director');
      for (const student of w.students)
        for (const skill of w.skills.slice(0, skills))
          await writer.engine.mutate('recordSkillProgress', {
            studentId: student.id,
            skillId: skill.id,
            status: 'completed',
            progressPercentage: 100,
            attempts: 1,
            successfulAttempts: 1,
          });
      await writer.engine.sync();
      const fresh = await openDevice(w, 'director');
      const written = vi.spyOn(fresh.db.studentFigures, 'bulkPut');
      await fresh.engine.sync();
      await expectFiguresFromScratch(fresh.db, 'after the first sync');
      writer.db.close();
      fresh.db.close();
      return written.mock.calls.reduce((n, [rows]) => n + rows.length, 0);
    };
    expect(await firstSyncWrites(3)).toBe(await firstSyncWrites(1));
  });

  it('a write the server refuses takes its change to the figures back', async () => {
    const w = syncWorld();
    const [director, instructor] = await Promise.all(DEVICES.map((role) => openDevice(w, role)));
    const hours = { studentId: w.students[0].id, date: '2026-02-11', hoursCompleted: 6 };
    const { args } = await director.engine.mutate('logClinicalHours', hours);
    await director.engine.sync();
    await instructor.engine.sync();
    const figures = async () => (await instructor.db.studentFigures.get(w.students[0].id))?.summary.clinicalHours;
    expect(await figures()).toBe(6);
    // only their recorder, or a director, may delete hours: the server refuses the instructor's delete
    await instructor.engine.mutate('deleteClinicalHours', { id: args.id!, reason: 'Logged by mistake' });
    expect(await figures()).toBe(0);
    await instructor.engine.sync();
    expect(await instructor.db.rejected.count()).toBe(1);
    expect(await figures()).toBe(6);
    director.db.close();
    instructor.db.close();
  });

  it('a student who leaves what the user may see takes their figures along', async () => {
    const w = syncWorld();
    const instructor = await openDevice(w, 'instructor');
    await instructor.engine.sync();
    const moved = w.students[0].id;
    expect(await instructor.db.studentFigures.get(moved)).toBeDefined();
    asSystem(w.h.db, 'moveStudent', (ctx) =>
      ctx.update(t.students, ctx.get(t.students, moved, 'Student'), { programId: w.outsider.programId }),
    );
    await instructor.engine.sync();
    expect(await instructor.db.studentFigures.get(moved)).toBeUndefined();
    await expectFiguresFromScratch(instructor.db, 'instructor');
    instructor.db.close();
  });
});

/**
 * The figures read from the tallies equal the figures summed from the records themselves, after any sequence of
 * writes to records, hours and the catalogue (including writes rolled back, removals, restores, hard deletes and
 * records moved to another student or skill), both on a database whose triggers kept the tallies all along and on one
 * that had the records before the tallies' migration filled them. Where the triggers' SQL repeats a rule of
 * schema/ (the skill group key, the hours split by kind and verification, skills completed), the values are also
 * compared with that rule run in TypeScript over the same rows, as a device runs it.
 */
import Database from 'better-sqlite3';
import { and, eq } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';

import { candidateProgress } from '#schema/fire-task-book.ts';
import { skillsCompleted } from '#schema/progress.ts';
import {
  addUpHours,
  HOURS_STANDINGS,
  skillGroupKey,
  skillsByTrack,
  summarizeStudent,
} from '#schema/student-summary.ts';
import * as t from '#schema/tables.ts';

import { openDb, wrapDb } from '../db/open.ts';
import { MIGRATIONS, migrationsBefore } from '../test/migrations-before.ts';
import { studentFigures } from './student-figures.ts';
import { summarizeStudents } from './student-summary.ts';

const RUNS = Number(process.env.FIGURES_RUNS ?? 150);
const AT = '2026-05-01T10:00:00.000Z';
const STUDENTS = [
  { id: 's0', programId: 'ems', emsCertificationLevel: 'emt' },
  { id: 's1', programId: 'ems', emsCertificationLevel: 'paramedic' },
  { id: 's2', programId: 'fire', emsCertificationLevel: 'emt' },
  { id: 's3', programId: 'gone', emsCertificationLevel: 'emt' },
];
const TRACKS = [
  ['ems', 'emt'],
  ['ems', 'paramedic'],
  ['fire', 'firefighter_1'],
] as const;
/** Skills k0-k4 exist from the start; k5 and k6 only once an op adds them (records may name them before). */
const SKILLS = 7;
const STARTING_SKILLS = 5;
const STATUSES = ['not_started', 'in_progress', 'completed', 'needs_improvement'] as const;

const student = fc.integer({ min: 0, max: STUDENTS.length - 1 });
const skill = fc.integer({ min: 0, max: SKILLS - 1 });
const day = fc.integer({ min: 1, max: 28 }).map((d) => `2026-04-${String(d).padStart(2, '0')}`);
const opArb = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('record' as const),
      student,
      skill,
      status: fc.constantFrom(...STATUSES),
      progress: fc.integer({ min: 0, max: 100 }),
      attempts: fc.nat({ max: 9 }),
      pending: fc.nat({ max: 3 }),
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('removeRecord' as const), student, skill, hard: fc.boolean() }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('moveRecord' as const),
      student,
      skill,
      toStudent: student,
      toSkill: skill,
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('hours' as const),
      student,
      hours: fc.integer({ min: 1, max: 48 }).map((q) => q / 4),
      field: fc.boolean(),
      // staff's hours are verified at once, a student's own wait for a sign-off
      verified: fc.option(fc.boolean(), { nil: undefined }),
      day,
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant('editHours' as const),
      pick: fc.nat(),
      hours: fc.integer({ min: 1, max: 48 }).map((q) => q / 4),
      field: fc.boolean(),
      // a sign-off holding them starts or stops counting, or only rejected sign-offs hold them
      standing: fc.option(fc.constantFrom(...HOURS_STANDINGS), { nil: undefined }),
      day,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('removeHours' as const), pick: fc.nat(), hard: fc.boolean() }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('moveSkill' as const), skill, track: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('removeSkill' as const), skill, restore: fc.boolean() }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('addSkill' as const), skill, track: fc.nat({ max: 2 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('dropSkill' as const), skill }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('studentLevel' as const),
      student,
      level: fc.constantFrom('emt', 'paramedic'),
    }),
  },
);
type Op = typeof opArb extends fc.Arbitrary<infer O> ? O : never;
type Db = ReturnType<typeof wrapDb>;

function seed(db: Db) {
  // the columns 0007's database has: a program column added later is not asked of the database built before it
  const program = db.$client.prepare(
    `insert into programs (id, created_at, updated_at, name, type, certification_level, required_hours)
     values (?, ?, ?, ?, ?, ?, ?)`,
  );
  program.run('ems', AT, AT, 'EMS', 'ems', 'paramedic', 480);
  program.run('fire', AT, AT, 'Fire', 'fire', 'firefighter_1', null);
  db.insert(t.students)
    .values(
      STUDENTS.map((s) => ({
        ...s,
        createdAt: AT,
        updatedAt: AT,
        firstName: s.id,
        lastName: 'Student',
        email: `${s.id}@test`,
        phone: '555',
        studentCode: s.id,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-01',
      })),
    )
    .run();
  for (let k = 0; k < STARTING_SKILLS; k++) addSkill(db, k, k % TRACKS.length);
}

function addSkill(db: Db, k: number, track: number) {
  const [programType, certificationLevel] = TRACKS[track];
  db.insert(t.skills)
    .values({
      id: `k${k}`,
      createdAt: AT,
      updatedAt: AT,
      code: `K${k}`,
      name: `Skill ${k}`,
      category: 'c',
      programType,
      certificationLevel,
    })
    .onConflictDoNothing()
    .run();
}

const recordOf = (db: Db, studentId: string, skillId: string) =>
  db
    .select()
    .from(t.studentSkills)
    .where(and(eq(t.studentSkills.studentId, studentId), eq(t.studentSkills.skillId, skillId)))
    .get();

/** Hours entries made in this case, for their ids (the order of ids decides which entry an op picks). */
let hoursMade = 0;
/** Records made in this case, for their ids: a record moved to another student keeps its id, so ids are never reused. */
let recordsMade = 0;

function apply(db: Db, op: Op) {
  const now = AT;
  switch (op.kind) {
    case 'record': {
      const values = {
        status: op.status,
        progressPercentage: op.progress,
        attempts: op.attempts,
        pendingAttempts: op.pending,
        updatedAt: `${op.day}T12:00:00.000Z`,
        deletedAt: null,
      };
      const studentId = STUDENTS[op.student].id;
      const current = recordOf(db, studentId, `k${op.skill}`);
      if (current) db.update(t.studentSkills).set(values).where(eq(t.studentSkills.id, current.id)).run();
      else
        db.insert(t.studentSkills)
          .values({ ...values, id: `r${++recordsMade}`, createdAt: now, studentId, skillId: `k${op.skill}` })
          .run();
      return;
    }
    case 'removeRecord': {
      const current = recordOf(db, STUDENTS[op.student].id, `k${op.skill}`);
      if (!current) return;
      if (op.hard) db.delete(t.studentSkills).where(eq(t.studentSkills.id, current.id)).run();
      else db.update(t.studentSkills).set({ deletedAt: now }).where(eq(t.studentSkills.id, current.id)).run();
      return;
    }
    case 'moveRecord': {
      // no command does this; a record moved by hand must still leave the right figures on both sides
      const current = recordOf(db, STUDENTS[op.student].id, `k${op.skill}`);
      if (!current || recordOf(db, STUDENTS[op.toStudent].id, `k${op.toSkill}`)) return;
      db.update(t.studentSkills)
        .set({ studentId: STUDENTS[op.toStudent].id, skillId: `k${op.toSkill}` })
        .where(eq(t.studentSkills.id, current.id))
        .run();
      return;
    }
    case 'hours': {
      // by column name: drizzle would name every column, and the run before 0009_verified_hours has no verifier yet
      const id = `h${String(++hoursMade).padStart(3, '0')}`;
      db.$client
        .prepare(
          'insert into clinical_hours (id, version, created_at, updated_at, student_id, date, hours_completed, hour_type, recorded_by) values (?, 1, ?, ?, ?, ?, ?, ?, ?)',
        )
        .run(id, now, now, STUDENTS[op.student].id, op.day, op.hours, op.field ? 'field' : 'clinical', 'u');
      if (op.verified) db.update(t.clinicalHours).set({ verifiedBy: 'u' }).where(eq(t.clinicalHours.id, id)).run();
      return;
    }
    case 'editHours':
    case 'removeHours': {
      const all = db.select({ id: t.clinicalHours.id }).from(t.clinicalHours).orderBy(t.clinicalHours.id).all();
      if (all.length === 0) return;
      const { id } = all[op.pick % all.length];
      const where = eq(t.clinicalHours.id, id);
      if (op.kind === 'editHours')
        db.update(t.clinicalHours)
          .set({
            hoursCompleted: op.hours,
            hourType: op.field ? 'field' : 'clinical',
            date: op.day,
            deletedAt: null,
            ...(op.standing !== undefined && {
              verifiedBy: op.standing === 'verified' ? 'sign-off:s1' : null,
              refusedBy: op.standing === 'refused' ? 'sign-off:s2' : null,
            }),
          })
          .where(where)
          .run();
      else if (op.hard) db.delete(t.clinicalHours).where(where).run();
      else db.update(t.clinicalHours).set({ deletedAt: now }).where(where).run();
      return;
    }
    case 'moveSkill': {
      const [programType, certificationLevel] = TRACKS[op.track];
      db.update(t.skills)
        .set({ programType, certificationLevel })
        .where(eq(t.skills.id, `k${op.skill}`))
        .run();
      return;
    }
    case 'removeSkill':
      db.update(t.skills)
        .set({ deletedAt: op.restore ? null : now })
        .where(eq(t.skills.id, `k${op.skill}`))
        .run();
      return;
    case 'addSkill':
      addSkill(db, op.skill, op.track);
      return;
    case 'dropSkill':
      db.delete(t.skills)
        .where(eq(t.skills.id, `k${op.skill}`))
        .run();
      return;
    case 'studentLevel':
      db.update(t.students)
        .set({ emsCertificationLevel: op.level })
        .where(eq(t.students.id, STUDENTS[op.student].id))
        .run();
  }
}

/** Applies the ops; one in `rollbackEvery` runs in a transaction that then fails, and must leave no trace. */
function applyAll(db: Db, ops: Op[], rollbackEvery: number) {
  ops.forEach((op, i) => {
    if (i % rollbackEvery !== rollbackEvery - 1) return apply(db, op);
    expect(() =>
      db.$client.transaction(() => {
        apply(db, op);
        throw new Error('rolled back');
      })(),
    ).toThrow('rolled back');
  });
}

function expectFiguresFromRecords(db: Db) {
  const students = db.select().from(t.students).all();
  const fromRecords = new Map(
    [...summarizeStudents(db, students)].map(([id, { skillIds: _s, progressBySkill: _p, ...figures }]) => [
      id,
      figures,
    ]),
  );
  expect(studentFigures(db, students)).toEqual(fromRecords);
}

const live = <R extends { deletedAt: string | null }>(rows: R[]) => rows.filter((r) => !r.deletedAt);

/** The figures as a device computes them, in TypeScript alone, from the live rows it holds. */
function figuresOnDevice(db: Db) {
  const programs = new Map(
    db
      .select()
      .from(t.programs)
      .all()
      .map((p) => [p.id, p]),
  );
  const skillsFor = skillsByTrack(live(db.select().from(t.skills).all()));
  const records = live(db.select().from(t.studentSkills).all());
  const hours = db.select().from(t.clinicalHours).all();
  const students = db.select().from(t.students).all();
  // a fire candidate's figures come from their task book's JPRs, not their skill-progress records
  const jprs = candidateProgress({
    students,
    programs: [...programs.values()],
    skills: live(db.select().from(t.skills).all()),
    books: live(db.select().from(t.taskBooks).all()),
    records: live(db.select().from(t.jprSignOffs).all()),
  });
  return new Map(
    students.map((s) => {
      const mine = new Map(records.filter((r) => r.studentId === s.id).map((r) => [r.skillId, r]));
      const summary = summarizeStudent(
        s,
        programs.get(s.programId),
        skillsFor,
        jprs.get(s.id) ?? mine,
        addUpHours(hours.filter((h) => h.studentId === s.id)),
      );
      const { skillIds: _s, progressBySkill: _p, ...figures } = summary;
      return [s.id, figures];
    }),
  );
}

type GroupTotals = { progressSum: number; completed: number };
const nonZero = (m: Map<string, GroupTotals>) =>
  new Map([...m].filter(([, g]) => g.progressSum !== 0 || g.completed !== 0));

/** Each student's track tallies are what their live records add up to per skillGroupKey, skills completed included. */
function expectGroupsFromRecords(db: Db) {
  const skills = new Map(live(db.select().from(t.skills).all()).map((k) => [k.id, k]));
  const byGroup = new Map<string, (typeof t.studentSkills.$inferSelect)[]>();
  for (const r of live(db.select().from(t.studentSkills).all())) {
    const key = `${r.studentId} ${skillGroupKey(skills.get(r.skillId))}`;
    byGroup.set(key, [...(byGroup.get(key) ?? []), r]);
  }
  const fromRecords = new Map(
    [...byGroup].map(([key, rows]): [string, GroupTotals] => [
      key,
      {
        progressSum: rows.reduce((sum, r) => sum + r.progressPercentage, 0),
        completed: skillsCompleted(
          rows.map((r) => r.skillId),
          new Map(rows.map((r) => [r.skillId, r])),
        ),
      },
    ]),
  );
  const tallied = db.$client
    .prepare('select student_id, skill_group, progress_sum, completed from student_track_tallies')
    .all() as { student_id: string; skill_group: string; progress_sum: number; completed: number }[];
  const fromTallies = new Map(
    tallied.map((g): [string, GroupTotals] => [
      `${g.student_id} ${g.skill_group}`,
      { progressSum: g.progress_sum, completed: g.completed },
    ]),
  );
  expect(nonZero(fromTallies)).toEqual(nonZero(fromRecords));
}

/** The tallies' figures equal the server's sums over the records, and the device's rules run in TypeScript alone. */
function expectFiguresEverywhere(db: Db) {
  expectFiguresFromRecords(db);
  expect(studentFigures(db, db.select().from(t.students).all())).toEqual(figuresOnDevice(db));
  expectGroupsFromRecords(db);
}

describe("students' figures from the tallies the writes keep", () => {
  it('equal the figures summed from the records, after any writes, on a database kept by its triggers', () => {
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), fc.integer({ min: 2, max: 9 }), (ops, rollbackEvery) => {
        const db = openDb();
        hoursMade = 0;
        recordsMade = 0;
        seed(db);
        applyAll(db, ops, rollbackEvery);
        expectFiguresEverywhere(db);
        db.$client.close();
      }),
      { numRuns: RUNS },
    );
    // each case migrates a fresh database: 8 s alone, over 20 s beside the rest of the suite on 2 cores
  }, 60_000);

  it('equal them on a database whose records were there before the migration that fills the tallies', () => {
    const old = migrationsBefore('0007_');
    fc.assert(
      fc.property(fc.array(opArb, { maxLength: 60 }), (ops) => {
        const sqlite = new Database(':memory:');
        migrate(drizzle({ client: sqlite }), { migrationsFolder: old });
        const db = wrapDb(sqlite);
        hoursMade = 0;
        recordsMade = 0;
        seed(db);
        // hours had no verifier before 0009_verified_hours, which gives them theirs, nor a refuser before refused_hours
        ops
          .map((op) =>
            'verified' in op ? { ...op, verified: undefined } : 'standing' in op ? { ...op, standing: undefined } : op,
          )
          .forEach((op) => apply(db, op));
        migrate(drizzle({ client: sqlite }), { migrationsFolder: MIGRATIONS });
        expectFiguresEverywhere(db);
        sqlite.close();
      }),
      { numRuns: Math.ceil(RUNS / 3) },
    );
  });

  it('read a few rows a student by key, never every record', () => {
    const db = openDb();
    const plans = ['student_tallies', 'student_track_tallies'].map((table) =>
      (
        db.$client
          .prepare(`explain query plan select * from ${table} where student_id in (select value from json_each(?))`)
          .all('[]') as {
          detail: string;
        }[]
      ).map((r) => r.detail),
    );
    expect(plans[0]).toContainEqual(
      expect.stringMatching(/^SEARCH student_tallies USING INDEX sqlite_autoindex_student_tallies_1/),
    );
    expect(plans[1]).toContainEqual(
      expect.stringMatching(/^SEARCH student_track_tallies USING INDEX sqlite_autoindex_student_track_tallies_1/),
    );
    db.$client.close();
  });
});

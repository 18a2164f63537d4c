/**
 * What a device holds follows its user's role (schema/device-set.ts): a desk device holds every student's figures and
 * the per-skill records of the students it opened, fetched in full when opened whatever its cookie; the server alone
 * decides which students may be opened.
 */
import { getTableName } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Actor } from '#api/commands/command.ts';
import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { OPENED_PER_PULL, OPENED_STUDENT_TABLES, SKILL_NAMING_TABLES } from '#schema/device-set.ts';
import type { Role } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import type { Cookie, PatchOp, PullResponse } from '../protocol.ts';
import { handlePull } from './pull.ts';
import { TABLE_SPECS } from './tables.ts';
import { viewAt } from './view.ts';

let h: TestApp;
let programA: string;
let programB: string;
let skillId: string;
let students: { id: string; programId: string }[];

beforeEach(() => {
  h = testApp();
  programA = h.program({ name: 'EMT A', type: 'ems', certificationLevel: 'emt' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]).id;
  programB = h.program({ name: 'EMT B', type: 'ems', certificationLevel: 'emt' }).id;
  ({ skillId, students } = asSystem(h.db, 'fixture', (ctx) => {
    const skill = ctx.insert(t.skills, {
      code: 's1',
      name: 'Splinting',
      category: 'Trauma Management',
      programType: 'ems',
      certificationLevel: 'emt',
    });
    const made = Array.from({ length: OPENED_PER_PULL + 3 }, (_, i) =>
      ctx.insert(t.students, {
        userId: i === 0 ? h.users.student.id : null,
        firstName: 'Ana',
        lastName: `S${i}`,
        email: `s${i}@test.local`,
        phone: '1',
        studentCode: `S-${i}`,
        programId: i % 2 ? programB : programA,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      }),
    );
    return { skillId: skill.id, students: made };
  }));
});

const actor = (role: Role): Actor => ({ id: h.users[role].id, role });
const pull = (role: Role, cookie: Cookie | null, opened: string[] = []) =>
  handlePull(h.db, actor(role), { pullVersion: 1, clientGroupId: 'g', clientId: `c-${role}`, cookie, opened });

/** Logs a successful attempt for the student through the REST route, as `role`. */
async function attempt(role: Role, studentId: string) {
  const res = await h.as(role, 'POST', '/api/skill-attempts', {
    studentId,
    skillId,
    setting: 'lab',
    outcome: 'successful',
    participation: 'performed',
    attemptedAt: '2026-02-01T10:00:00.000Z',
  });
  expect(res.status, await res.clone().text()).toBe(201);
}

const puts = (patch: PatchOp[], table: string) =>
  patch.flatMap((op) => (op.op === 'put' && op.table === table ? [op.row] : []));
const studentsOf = (patch: PatchOp[], table: string) => new Set(puts(patch, table).map((r) => r.studentId));

describe("a desk device's share", () => {
  it('holds every student with their figures, and no per-skill record but its own until a student is opened', async () => {
    const [a, b] = students;
    await attempt('instructor', a.id);
    await attempt('director', b.id);
    const first = pull('director', null);
    expect(puts(first.patch, 'students')).toHaveLength(students.length);
    expect(puts(first.patch, 'students').find((s) => s.id === a.id)?.tallies).toMatchObject({ attempts: 1 });
    // the instructor's attempt stays on the server; the director's own travels
    expect(puts(first.patch, 'skillAttempts').map((r) => r.studentId)).toEqual([b.id]);
    expect(studentsOf(first.patch, 'studentSkills').size).toBe(0);
    // the instructor of program A holds every record of their students
    expect(studentsOf(pull('instructor', null).patch, 'skillAttempts')).toEqual(new Set([a.id]));
  });

  it("opening a student brings that student's records in full, though the cookie is up to date; then keeps them up", async () => {
    const [a, b] = students;
    await attempt('instructor', a.id);
    await attempt('administration', b.id);
    const first = pull('director', null);
    const opened = pull('director', first.cookie, [a.id]);
    expect(opened.patch.some((op) => op.op === 'clear')).toBe(false);
    for (const table of OPENED_STUDENT_TABLES.filter((n) => n !== 'skillAttemptVoids'))
      expect(studentsOf(opened.patch, table), table).toEqual(new Set([a.id]));
    expect(opened.cookie).toMatchObject({ version: first.cookie.version, opened: [a.id] });
    expect(pull('director', opened.cookie, [a.id]).patch).toEqual([]);
    // a new attempt of the opened student travels; one of another student changes only that student's figures
    await attempt('instructor', a.id);
    await attempt('administration', b.id);
    const later = pull('director', opened.cookie, [a.id]);
    expect(studentsOf(later.patch, 'skillAttempts')).toEqual(new Set([a.id]));
    expect(puts(later.patch, 'students').find((s) => s.id === b.id)?.tallies).toMatchObject({ attempts: 2 });
  });

  it('a device that stops opening a student gets no more of its records; opening it again fetches it in full', async () => {
    const [a] = students;
    await attempt('instructor', a.id);
    const opened = pull('director', pull('director', null).cookie, [a.id]);
    const closed = pull('director', opened.cookie, []);
    expect(closed.cookie.opened).toBeUndefined();
    await attempt('instructor', a.id);
    expect(studentsOf(pull('director', closed.cookie, []).patch, 'skillAttempts').size).toBe(0);
    expect(puts(pull('director', closed.cookie, [a.id]).patch, 'skillAttempts')).toHaveLength(2);
  });

  it(`opens at most ${OPENED_PER_PULL} students a pull; the rest come in the next`, () => {
    const ids = students.map((s) => s.id);
    const first = pull('director', pull('director', null).cookie, ids);
    expect(first.cookie.opened).toEqual(ids.slice(0, OPENED_PER_PULL));
    const next = pull('director', first.cookie, ids);
    expect(next.cookie.opened).toEqual(ids);
  });

  it("reads an opened student's records by key in each table held per opened student, never the whole table", () => {
    for (const name of OPENED_STUDENT_TABLES) {
      const table = getTableName(TABLE_SPECS[name].table);
      const plan = (
        h.db.$client
          .prepare(
            `explain query plan select * from ${table} where deleted_at is null and student_id in (select value from json_each(?))`,
          )
          .all('[]') as { detail: string }[]
      ).map((r) => r.detail);
      expect(plan, table).toContainEqual(expect.stringMatching(new RegExp(`^SEARCH ${table} USING INDEX`)));
    }
  });

  it('finds the students whose figures changed through the version indexes, never reading every progress row', async () => {
    const first = pull('clinical_coordinator', null);
    await attempt('instructor', students[0].id);
    pull('clinical_coordinator', first.cookie);
    const read = viewAt(h.db, actor('clinical_coordinator')).reads.get('changed students');
    const plan = (
      h.db.$client.prepare(`explain query plan ${read!.sqlText}`).all(...read!.params.map(() => 0)) as {
        detail: string;
      }[]
    ).map((r) => r.detail);
    // a coordinator's every changed pull asked this; reading every progress row took 170 ms on the large set
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH student_skills USING INDEX student_skills_version/));
    expect(plan).toContainEqual(expect.stringMatching(/^SEARCH clinical_hours USING INDEX clinical_hours_version/));
    expect(plan.filter((d) => /^SCAN (student_skills|clinical_hours)\b/.test(d))).toEqual([]);
  });

  it('a first sync brings the opened students in full with the rest, in pages', async () => {
    const [a, b] = students;
    await attempt('instructor', a.id);
    await attempt('director', b.id);
    const patch: PatchOp[] = [];
    let page: PullResponse | null = null;
    do {
      page = handlePull(
        h.db,
        actor('administration'),
        { pullVersion: 1, clientGroupId: 'g', clientId: 'c', cookie: page?.cookie ?? null, opened: [b.id] },
        3,
      );
      patch.push(...page.patch);
    } while (page.cookie.snapshot);
    expect(studentsOf(patch, 'skillAttempts')).toEqual(new Set([b.id]));
    expect(page.cookie.opened).toEqual([b.id]);
  });
});

describe('which students may be opened is the server’s to decide', () => {
  it('a student, an instructor and a desk user asking for students they may not see get none of their records', async () => {
    const [own, other] = students;
    await attempt('director', own.id);
    await attempt('director', other.id);
    await attempt('director', students[2].id);
    // a student and an instructor hold their own share whatever they ask
    expect(studentsOf(pull('student', null, [other.id]).patch, 'skillAttempts')).toEqual(new Set([own.id]));
    expect(studentsOf(pull('instructor', null, [other.id]).patch, 'skillAttempts')).toEqual(
      new Set([own.id, students[2].id]),
    );
    // a removed student and an id that names no student open nothing
    const removed = students[3];
    await attempt('administration', removed.id);
    expect((await h.as('director', 'DELETE', `/api/students/${removed.id}`)).ok).toBe(true);
    const desk = pull('clinical_coordinator', null, [removed.id, 'no-such-student']);
    expect(studentsOf(desk.patch, 'skillAttempts')).toEqual(new Set());
    expect(desk.cookie.opened).toBeUndefined();
    const later = pull('clinical_coordinator', desk.cookie, [removed.id]);
    expect(later.patch).toEqual([]);
  });
});

describe("a student device's share of the skills catalogue", () => {
  let s: TestApp;
  let own: string;
  const first = () => {
    const patch: PatchOp[] = [];
    let page: PullResponse | null = null;
    do {
      page = handlePull(
        s.db,
        { id: s.users.student.id, role: 'student' },
        {
          pullVersion: 1,
          clientGroupId: 'g',
          clientId: 'c',
          cookie: page?.cookie ?? null,
        },
      );
      patch.push(...page.patch);
    } while (page.cookie.snapshot);
    return { patch, cookie: page.cookie };
  };
  const next = (cookie: Cookie) =>
    handlePull(
      s.db,
      { id: s.users.student.id, role: 'student' },
      { pullVersion: 1, clientGroupId: 'g', clientId: 'c', cookie },
    );
  const catalogue = (programType?: string) =>
    s.db
      .select()
      .from(t.skills)
      .all()
      .filter((k) => !programType || k.programType === programType);
  const disciplinesOf = (patch: PatchOp[]) => new Set(puts(patch, 'skills').map((k) => k.programType));
  /** A student's records of every kind that names a skill, on `skillId`, written by the system. */
  const recordsOn = (skillId: string) =>
    asSystem(s.db, 'fixture', (ctx) => {
      ctx.insert(t.studentSkills, { studentId: own, skillId, status: 'in_progress', progressPercentage: 10 });
      const a = ctx.insert(t.skillAttempts, {
        studentId: own,
        skillId,
        attemptedAt: '2026-02-01T10:00:00.000Z',
        setting: 'lab',
        outcome: 'successful',
        participation: 'performed',
        attemptsDelta: 1,
        successfulDelta: 1,
        recordedBy: s.users.instructor.id,
      });
      ctx.insert(t.skillAttemptVoids, {
        attemptId: a.id,
        studentId: own,
        skillId,
        reason: 'Wrong skill',
        voidedBy: s.users.instructor.id,
      });
    });
  /** Every record the device holds that names a skill has its skill beside it. */
  const expectNamedSkillsHeld = (patch: PatchOp[], skills: Set<string>) => {
    for (const table of SKILL_NAMING_TABLES)
      for (const row of puts(patch, table))
        expect(skills.has(row.skillId as string), `${table} ${row.skillId}`).toBe(true);
  };
  const enrol = (type: string, certificationLevel: string) => {
    s = testApp({ standards: true });
    const program = s.program({ name: 'P', type, certificationLevel });
    own = asSystem(s.db, 'fixture', (ctx) =>
      ctx.insert(t.students, {
        userId: s.users.student.id,
        firstName: 'Ana',
        lastName: 'S',
        email: 'ana@test.local',
        phone: '1',
        studentCode: 'S-1',
        programId: program.id,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      }),
    ).id;
  };

  it("a paramedic student's device holds every EMS skill and no fire or police skill", () => {
    enrol('ems', 'paramedic');
    const { patch } = first();
    expect(disciplinesOf(patch)).toEqual(new Set(['ems']));
    expect(
      puts(patch, 'skills')
        .map((k) => k.id)
        .sort(),
    ).toEqual(
      catalogue('ems')
        .map((k) => k.id)
        .sort(),
    );
    // the REST catalogue stays whole
    expect(catalogue().length).toBeGreaterThan(catalogue('ems').length);
  });

  it("a fire student's device holds the fire skills, their task books' JPRs, and no EMS or police skill", () => {
    enrol('fire', 'firefighter_1');
    const { patch } = first();
    expect(disciplinesOf(patch)).toEqual(new Set(['fire']));
    expect(
      puts(patch, 'skills')
        .map((k) => k.id)
        .sort(),
    ).toEqual(
      catalogue('fire')
        .map((k) => k.id)
        .sort(),
    );
  });

  it('a record naming a skill of another discipline brings that skill, in a first sync and in the next pull', () => {
    enrol('ems', 'paramedic');
    const [police, fire] = [catalogue('police')[0], catalogue('fire')[0]];
    recordsOn(police.id);
    const start = first();
    expect(disciplinesOf(start.patch)).toEqual(new Set(['ems', 'police']));
    expect(
      puts(start.patch, 'skills')
        .filter((k) => k.programType === 'police')
        .map((k) => k.id),
    ).toEqual([police.id]);
    expectNamedSkillsHeld(start.patch, new Set(puts(start.patch, 'skills').map((k) => k.id)));
    // written after the device's cookie: the skill travels with the records, though the skill itself did not change
    recordsOn(fire.id);
    const later = next(start.cookie);
    expect(puts(later.patch, 'skills').map((k) => k.id)).toEqual([fire.id]);
    expectNamedSkillsHeld(
      later.patch,
      new Set([...puts(start.patch, 'skills'), ...puts(later.patch, 'skills')].map((k) => k.id)),
    );
    // nothing new: the records' skills are not sent again
    expect(next(later.cookie).patch).toEqual([]);
  });

  it("a skill moved to another discipline leaves the device unless the student's records name it", async () => {
    enrol('ems', 'paramedic');
    const [moved, named] = catalogue('ems');
    recordsOn(named.id);
    const start = first();
    for (const skill of [moved, named]) {
      const res = await s.as('director', 'PATCH', `/api/skills/${skill.id}`, { programType: 'police' });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    const later = next(start.cookie);
    expect(later.patch.filter((op) => op.op === 'del')).toEqual([{ op: 'del', table: 'skills', id: moved.id }]);
    expect(puts(later.patch, 'skills').map((k) => [k.id, k.programType])).toEqual([[named.id, 'police']]);
  });
});

/**
 * The pull's "anything new for me?" check reads the scopes a user's rows live in (change-scopes.ts), not the global
 * version: a write in another program leaves an up-to-date device's pull with nothing to read, and no device ever
 * misses a change it should see, whatever its role and whatever changed.
 */
import Database from 'better-sqlite3';
import { getTableName } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/better-sqlite3';
import { migrate } from 'drizzle-orm/better-sqlite3/migrator';
import { beforeEach, describe, expect, it } from 'vitest';

import type { Actor } from '#api/commands/command.ts';
import { wrapDb } from '#api/db/open.ts';
import { readTransaction } from '#api/db/statements.ts';
import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { MIGRATIONS, migrationsBefore } from '#api/test/migrations-before.ts';
import { type Role, ROLES } from '#schema/enums.ts';
import * as t from '#schema/tables.ts';

import type { Cookie, Mutation, PatchOp, PushResponse } from '../protocol.ts';
import { lastChangeFor } from './change-scopes.ts';
import { handlePull } from './pull.ts';
import { TABLE_SPECS } from './tables.ts';
import { viewAt } from './view.ts';

type Held = Record<string, Record<string, unknown>>;

/** What a device holds after applying `patch` to `held`. */
function applied(held: Held, patch: PatchOp[]): Held {
  let out: Held = structuredClone(held);
  for (const op of patch) {
    if (op.op === 'clear') out = {};
    else if (op.op === 'put') (out[op.table] ??= {})[op.row.id] = op.row;
    else delete out[op.table]?.[op.id];
  }
  for (const table of Object.keys(out)) if (Object.keys(out[table]).length === 0) delete out[table];
  return out;
}

let h: TestApp;
let programA: string;
let programB: string;
let studentA: string;
let studentB: string;
let skillId: string;
let mutationId: number;

beforeEach(() => {
  h = testApp();
  mutationId = 0;
  programA = h.program({ name: 'EMT A', type: 'ems', certificationLevel: 'emt' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]).id;
  programB = h.program({ name: 'EMT B', type: 'ems', certificationLevel: 'emt' }).id;
  const student = (programId: string, code: string, userId: string | null) => ({
    userId,
    firstName: 'Ana',
    lastName: code,
    email: `${code}@test.local`,
    phone: '1',
    studentCode: code,
    programId,
    enrollmentDate: '2026-01-01',
    expectedGraduation: '2026-12-31',
  });
  const fixture = asSystem(h.db, 'fixture', (ctx) => ({
    skill: ctx.insert(t.skills, {
      code: 's1',
      name: 'Splinting',
      category: 'Trauma Management',
      programType: 'ems',
      certificationLevel: 'emt',
    }),
    a: ctx.insert(t.students, student(programA, 'A-1', h.users.student.id)),
    b: ctx.insert(t.students, student(programB, 'B-1', null)),
  }));
  [studentA, studentB, skillId] = [fixture.a.id, fixture.b.id, fixture.skill.id];
});

const actor = (role: Role, as: Role = role): Actor => ({ id: h.users[role].id, role: as });
const pull = (who: Actor, cookie: Cookie | null, opened: string[] = []) =>
  handlePull(h.db, who, { pullVersion: 1, clientGroupId: 'g', clientId: `c-${who.id}`, cookie, opened });
const lastChange = (who: Actor) => readTransaction(h.db, () => lastChangeFor(h.db, who, viewAt(h.db, who).interest));

/** The director records progress of a student through the sync push, as a device does. */
async function progressOf(studentId: string, value: number) {
  const mutation: Mutation = {
    id: ++mutationId,
    name: 'recordSkillProgress',
    createdAt: new Date().toISOString(),
    args: { studentId, skillId, status: 'in_progress', progressPercentage: value, attempts: 1, successfulAttempts: 0 },
  };
  const res = await h.as('director', 'POST', '/api/sync/push', {
    pushVersion: 1,
    clientGroupId: 'g',
    clientId: 'director-device',
    mutations: [mutation],
  });
  expect(((await res.json()) as PushResponse).results).toEqual([{ id: mutation.id, status: 'applied' }]);
}
const ok = async (res: Promise<Response>) => expect((await res).ok).toBe(true);

describe('the pull reads only when something the user may see or hold changed', () => {
  it("another program's write leaves an up-to-date preceptor, instructor and student with nothing to read; staff who see every student read its student's new figures", async () => {
    const cookies = new Map(ROLES.map((role) => [role, pull(actor(role), null).cookie]));
    await progressOf(studentB, 40);
    for (const role of ['preceptor', 'instructor', 'student'] as const) {
      expect(lastChange(actor(role))).toBeLessThanOrEqual(cookies.get(role)!.version);
      const after = pull(actor(role), cookies.get(role)!);
      expect(after.patch).toEqual([]);
      expect(after.cookie.version).toBeGreaterThan(cookies.get(role)!.version);
    }
    for (const role of ['director', 'clinical_coordinator', 'administration'] as const) {
      expect(lastChange(actor(role))).toBeGreaterThan(cookies.get(role)!.version);
      expect(pull(actor(role), cookies.get(role)!).patch).toContainEqual(
        expect.objectContaining({ op: 'put', table: 'students', row: expect.objectContaining({ id: studentB }) }),
      );
    }
    await progressOf(studentA, 50);
    expect(lastChange(actor('preceptor'))).toBeGreaterThan(cookies.get('preceptor')!.version);
  });

  it('every role, after each kind of change, holds after an incremental pull exactly what a full pull gives; a role or program change is a full resync, opening a student a partial one', async () => {
    const roles = new Map(ROLES.map((role) => [role, actor(role)]));
    /** The students each device has opened (only a desk's count: schema/device-set.ts). */
    let opened: string[] = [];
    const held = new Map(
      ROLES.map((role) => {
        const first = pull(roles.get(role)!, null);
        return [role, { cookie: first.cookie, rows: applied({}, first.patch) }];
      }),
    );
    const steps: [string, () => Promise<unknown>][] = [
      ['progress in program A', () => progressOf(studentA, 40)],
      ['progress in program B', () => progressOf(studentB, 60)],
      [
        'a message between others',
        () =>
          ok(
            h.as('director', 'POST', '/api/messages', {
              recipientId: h.users.administration.id,
              subject: 'Between us',
              content: 'Hello',
            }),
          ),
      ],
      [
        'a message to the student',
        () =>
          ok(
            h.as('director', 'POST', '/api/messages', {
              recipientId: h.users.student.id,
              subject: 'For you',
              content: 'Hello',
            }),
          ),
      ],
      [
        'the instructor asks to join program B',
        () =>
          ok(
            h.as('instructor', 'POST', '/api/requests/program-join', {
              programId: programB,
              justification: 'I teach the evening cohort of this program.',
            }),
          ),
      ],
      [
        'every device opens student A',
        async () => {
          opened = [studentA];
        },
      ],
      [
        'student A moved to B',
        () => ok(h.as('director', 'PATCH', `/api/students/${studentA}`, { programId: programB })),
      ],
      ['progress of A, now in B', () => progressOf(studentA, 70)],
      [
        'student A moved back',
        () => ok(h.as('director', 'PATCH', `/api/students/${studentA}`, { programId: programA })),
      ],
      [
        'the instructor joins program B',
        () =>
          ok(
            h.as('director', 'POST', `/api/programs/${programB}/users`, {
              userId: h.users.instructor.id,
              assignedRole: 'instructor',
            }),
          ),
      ],
      [
        "the preceptor's role becomes instructor",
        async () => {
          await ok(
            h.as('director', 'PUT', `/api/users/${h.users.preceptor.id}`, {
              firstName: 'Test',
              lastName: 'preceptor',
              email: 'preceptor@test.local',
              role: 'instructor',
            }),
          );
          roles.set('preceptor', actor('preceptor', 'instructor'));
        },
      ],
      [
        'the coordinator, with student A opened, becomes an instructor of program A',
        async () => {
          await ok(
            h.as('director', 'POST', `/api/programs/${programA}/users`, {
              userId: h.users.clinical_coordinator.id,
              assignedRole: 'instructor',
            }),
          );
          await ok(
            h.as('director', 'PUT', `/api/users/${h.users.clinical_coordinator.id}`, {
              firstName: 'Test',
              lastName: 'clinical_coordinator',
              email: 'clinical_coordinator@test.local',
              role: 'instructor',
            }),
          );
          roles.set('clinical_coordinator', actor('clinical_coordinator', 'instructor'));
        },
      ],
    ];
    for (const [what, step] of steps) {
      await step();
      for (const role of ROLES) {
        const before = held.get(role)!;
        const incremental = pull(roles.get(role)!, before.cookie, opened);
        const rows = applied(before.rows, incremental.patch);
        expect(rows, `${role} after ${what}`).toEqual(applied({}, pull(roles.get(role)!, null, opened).patch));
        if (what.startsWith('every device opens'))
          expect(incremental.patch[0], 'opening resyncs one student').not.toEqual({ op: 'clear' });
        if (what.startsWith('the instructor joins') && role === 'instructor') {
          expect(incremental.patch[0], 'joining a program resyncs').toEqual({ op: 'clear' });
        }
        if (what.startsWith('the coordinator') && role === 'clinical_coordinator') {
          expect(incremental.patch[0], 'a desk role left resyncs').toEqual({ op: 'clear' });
          expect(incremental.cookie.opened, 'an instructor holds every record of their programs').toBeUndefined();
        }
        if (what.startsWith("the preceptor's role") && role === 'preceptor') {
          expect(incremental.patch[0], 'a role change resyncs').toEqual({ op: 'clear' });
        }
        held.set(role, { cookie: incremental.cookie, rows });
      }
    }
    // the desk holds the opened student's summary rows, every student's figures with their row
    const director = held.get('director')!.rows as Record<string, Record<string, Record<string, unknown>>>;
    expect(Object.values(director.studentSkills).map((r) => r.studentId)).toEqual([studentA]);
    expect(Object.values(director.students).map((r) => (r.tallies as { attempts: number }).attempts)).toEqual([1, 1]);
    expect(Object.keys(held.get('instructor')!.rows.studentSkills)).toHaveLength(2);
  });
});

describe('every table a pull reads', () => {
  it('has triggers that mark its scopes on insert and on update, so a change to it is never skipped', () => {
    const h = testApp();
    const triggers = new Set(
      (h.db.$client.prepare("select name from sqlite_master where type = 'trigger'").all() as { name: string }[]).map(
        (r) => r.name,
      ),
    );
    const missing = Object.values(TABLE_SPECS)
      .map((spec) => getTableName(spec.table))
      .flatMap((name) => [`${name}_change_scopes_insert`, `${name}_change_scopes_update`])
      .filter((name) => !triggers.has(name));
    expect(missing).toEqual([]);
  });
});

describe('migration 0015 (change scopes)', () => {
  it('a device that synced before it still pulls what changed after its cookie, and nothing when it holds the last version', () => {
    const sqlite = new Database(':memory:');
    migrate(drizzle({ client: sqlite }), { migrationsFolder: migrationsBefore('0015_') });
    const at = '2026-05-01T10:00:00.000Z';
    sqlite.prepare('insert into sync_meta (id, version) values (1, 40)').run();
    const user = (id: string, role: string, version: number) =>
      sqlite
        .prepare(
          `insert into users (id, created_at, updated_at, version, email, first_name, last_name, role)
          values (?, ?, ?, ?, ?, 'A', 'B', ?)`,
        )
        .run(id, at, at, version, `${id}@example.org`, role);
    user('director', 'director', 1);
    user('sender', 'instructor', 2);
    sqlite
      .prepare(
        `insert into messages (id, created_at, updated_at, version, sender_id, recipient_id, subject, content)
        values ('m1', ?, ?, 38, 'sender', 'director', 'Hello', 'Before the upgrade')`,
      )
      .run(at, at);
    const db = wrapDb(sqlite);
    migrate(db, { migrationsFolder: MIGRATIONS });
    const director: Actor = { id: 'director', role: 'director' };
    const pullFrom = (version: number) =>
      handlePull(db, director, {
        pullVersion: 1,
        clientGroupId: 'g',
        clientId: 'c',
        cookie: {
          version,
          epoch: handlePull(db, director, { pullVersion: 1, clientGroupId: 'g', clientId: 'c', cookie: null }).cookie
            .epoch,
        },
      });
    expect(pullFrom(30).patch).toEqual([
      expect.objectContaining({ op: 'put', table: 'messages', row: expect.objectContaining({ id: 'm1' }) }),
    ]);
    expect(pullFrom(40).patch).toEqual([]);
    expect(pullFrom(30).cookie).toEqual({ version: 40, epoch: expect.any(String) });
  });
});

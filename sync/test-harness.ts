/** Test wiring: client engines on fake-indexeddb talking to the real server code through `app.request`. */
import { asSystem } from '../api/seed/standards.ts';
import { SAME_ORIGIN, TEST_PASSWORD, type TestApp, testApp } from '../api/test/helpers.ts';
import type { Role } from '../schema/enums.ts';
import * as t from '../schema/tables.ts';
import { TrainingDb } from './client/db.ts';
import { SyncEngine } from './client/engine.ts';

export type Fetch = (path: string, init: RequestInit) => Promise<Response>;

/** A server with one program (preceptor and instructor assigned), three students in it and one outside it. */
export function syncWorld() {
  const h = testApp();
  const program = h.program({ name: 'EMT', type: 'ems', certificationLevel: 'emt', requiredHours: 20 }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  const other = h.program({ name: 'FF I', type: 'fire', certificationLevel: 'firefighter_1' });
  const data = asSystem(h.db, 'fixture', (ctx) => {
    const skills = ['Splinting', 'Bleeding control', 'BVM ventilation'].map((name, i) =>
      ctx.insert(t.skills, {
        code: `s${i}`,
        name,
        category: 'Trauma Management',
        programType: 'ems',
        certificationLevel: 'emt',
      }),
    );
    const student = (code: string, programId: string, userId: string | null = null) =>
      ctx.insert(t.students, {
        userId,
        firstName: code,
        lastName: 'Student',
        email: `${code}@example.org`,
        phone: '1',
        studentCode: code,
        programId,
        enrollmentDate: '2026-01-01',
        expectedGraduation: '2026-12-31',
      });
    return {
      skills,
      students: [student('S1', program.id, h.users.student.id), student('S2', program.id), student('S3', program.id)],
      outsider: student('F1', other.id),
    };
  });
  return { h, program, ...data };
}
export type SyncWorld = ReturnType<typeof syncWorld>;

/** Signs in and returns a fetch that carries the session cookie, as a page of the app would; `relogin` starts a new session. */
export function sessionFetch(h: TestApp, role: Role) {
  let cookie = '';
  const relogin = async () => {
    const res = await h.app.request('/api/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `${role}@test.local`, password: TEST_PASSWORD }),
    });
    cookie = res.headers.get('set-cookie')!.split(';')[0];
  };
  const fetch: Fetch = (path, init) =>
    Promise.resolve(
      h.app.request(path, {
        ...init,
        headers: { ...SAME_ORIGIN, ...(init.headers as Record<string, string>), cookie },
      }),
    );
  return { fetch, relogin };
}

let dbCounter = 0;
export const uniqueDbName = (label: string) => `test-${label}-${process.pid}-${++dbCounter}`;

export function openClient(h: TestApp, role: Role, dbName: string, fetch: Fetch) {
  const db = new TrainingDb(dbName);
  const engine = new SyncEngine({ db, userId: h.users[role].id, fetch, random: () => 0.5, autoRetry: false });
  return { db, engine };
}

/**
 * A signed-in, synced device of `role` whose clock reads `msAgo` before now (when its user saved), for the tests of
 * offline edits that meet on the server. Its database is added to `opened`, which the caller deletes after each test.
 */
export async function clockedDevice(h: TestApp, role: Role, msAgo: number, opened: TrainingDb[]) {
  const session = sessionFetch(h, role);
  await session.relogin();
  const db = new TrainingDb(uniqueDbName(`clocked-${role}`));
  opened.push(db);
  const engine = new SyncEngine({
    db,
    userId: h.users[role].id,
    fetch: session.fetch,
    autoRetry: false,
    now: () => new Date(Date.now() - msAgo),
  });
  await engine.sync();
  return { db, engine };
}

/** A fixed, valid id for test row n (clientId() takes UUIDs only). */
export const uid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

/**
 * A student's phone on a fresh world, signed in, with `count` successful attempts at the first skill logged on it
 * (ids uid(1)..uid(count), one a day from March 1st), not yet sent. The caller deletes `db` after the test.
 */
export async function studentPhoneWithAttempts(label: string, count: number) {
  const w = syncWorld();
  const session = sessionFetch(w.h, 'student');
  await session.relogin();
  const { db, engine } = openClient(w.h, 'student', uniqueDbName(label), session.fetch);
  const student = w.students[0];
  for (let n = 1; n <= count; n++) {
    await engine.mutate('logSkillAttempt', {
      id: uid(n),
      studentId: student.id,
      skillId: w.skills[0].id,
      attemptedAt: `2026-03-0${n}T09:00:00.000Z`,
      setting: 'clinical',
      outcome: 'successful',
    });
  }
  return { w, db, engine, student };
}

/**
 * Test support for shift scheduling: an app with one EMS program (coordinator's, instructor's and preceptor's), a
 * clinical site, and students with accounts who sign in on their own, as two phones do.
 */
import { addDays } from '#schema/dates.ts';
import type { CreateShiftInput } from '#schema/shift-schema.ts';
import * as t from '#schema/tables.ts';
import type { PushResponse } from '#sync/protocol.ts';

import { asSystem } from '../../seed/standards.ts';
import { SAME_ORIGIN, testApp, type TestAppOptions } from '../../test/helpers.ts';

export type ShiftRow = typeof t.shifts.$inferSelect;
export type BookingRow = typeof t.shiftBookings.$inferSelect;

/** A day `n` days after today (UTC), when sign-up for a shift posted now is open. */
export const inDays = (n: number) => addDays(new Date().toISOString().slice(0, 10), n);

export function shiftWorld(options: TestAppOptions = {}) {
  const h = testApp(options);
  const program = h.program(
    { name: 'Paramedic 2026', type: 'ems', certificationLevel: 'paramedic', requiredHours: 40 },
    [
      { userId: h.users.instructor.id, assignedRole: 'instructor' },
      { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
    ],
  );
  const site = asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.clinicalSites, { name: 'Mercy General', type: 'Hospital', address: '1 Main St' }),
  );

  /** A student record in the program with an account of its own (the test app's `student` is the first). */
  function student(code: string, withAccount = true) {
    return asSystem(h.db, 'fixture', (ctx) => {
      const user =
        code === 'P-1'
          ? h.users.student
          : withAccount
            ? ctx.insert(t.users, {
                email: `${code.toLowerCase()}@test.local`,
                passwordHash: h.users.student.passwordHash,
                firstName: code,
                lastName: 'Student',
                role: 'student',
              })
            : null;
      const record = ctx.insert(t.students, {
        userId: user?.id ?? null,
        firstName: code,
        lastName: 'Student',
        email: `${code.toLowerCase()}@example.org`,
        phone: '555-0100',
        studentCode: code,
        programId: program.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2027-06-15',
      });
      return { record, email: user?.email ?? null };
    });
  }

  /** A request signed in as the student with this e-mail. */
  async function asStudent(email: string, method: string, path: string, body?: unknown) {
    const cookie = await h.login(email);
    const headers: Record<string, string> = { ...SAME_ORIGIN, cookie };
    if (body !== undefined) headers['content-type'] = 'application/json';
    return h.app.request(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  }

  /** Posts shifts as the coordinator; answers the shifts made. */
  async function post(over: Partial<CreateShiftInput> = {}): Promise<ShiftRow[]> {
    const res = await h.as('clinical_coordinator', 'POST', '/api/shifts', {
      programId: program.id,
      type: 'clinical',
      clinicalSiteId: site.id,
      unit: 'ED',
      date: inDays(7),
      startTime: '07:00',
      durationMinutes: 720,
      slots: 2,
      ...over,
    });
    if (res.status !== 201) throw new Error(`posting a shift answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as ShiftRow[];
  }

  const liveBookings = (shiftId: string) =>
    h.db.$client
      .prepare('select * from shift_bookings where shift_id = ? and deleted_at is null')
      .all(shiftId) as unknown[];

  const pushed = new Map<string, number>();
  /** Pushes one queued write from the student's phone, as the sync does; answers its result. */
  async function push(email: string, name: string, args: unknown) {
    const id = (pushed.get(email) ?? 0) + 1;
    pushed.set(email, id);
    const res = await asStudent(email, 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: email,
      clientId: `phone-${email}`,
      mutations: [{ id, name, args, createdAt: new Date().toISOString() }],
    });
    return ((await res.json()) as PushResponse).results[0];
  }

  return { h, program, site, student, asStudent, post, push, liveBookings };
}
export type ShiftWorld = ReturnType<typeof shiftWorld>;

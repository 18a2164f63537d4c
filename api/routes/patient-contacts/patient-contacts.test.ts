import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import type { AuditPage } from '#schema/audit.ts';
import { addDays, latestToday } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let studentId: string;

beforeEach(() => {
  h = testApp();
  // the preceptor works in the student's EMS program, the instructor only in a fire program
  const ems = h.program({ name: 'Medic', type: 'ems' }, [{ userId: h.users.preceptor.id, assignedRole: 'preceptor' }]);
  h.program({ name: 'FF I', type: 'fire' }, [{ userId: h.users.instructor.id, assignedRole: 'instructor' }]);
  studentId = asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId: h.users.student.id,
      firstName: 'Ana',
      lastName: 'Lopez',
      email: 'ana@example.org',
      phone: '555-0100',
      studentCode: 'S-1',
      programId: ems.id,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  ).id;
});

const contactBody = {
  date: '2026-11-20',
  setting: 'field',
  ageYears: 54,
  gender: 'female',
  chiefComplaints: ['Chest pain'],
  primaryImpression: 'ACS',
  careLevel: 'als',
  disposition: 'transported',
};
async function logContact(role: Role, date = contactBody.date) {
  const res = await h.as(role, 'POST', '/api/patient-contacts', { ...contactBody, studentId, date });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

const contactsSeenBy = async (role: Role) =>
  ((await (await h.as(role, 'GET', `/api/patient-contacts?studentId=${studentId}`)).json()) as { id: string }[]).map(
    (c) => c.id,
  );
/** `reason: null` sends none, as a script that skips it would. */
const remove = (role: Role | null, id: string, reason: string | null = 'Logged by mistake') =>
  h.as(role, 'DELETE', `/api/patient-contacts/${id}${reason === null ? '' : `?reason=${encodeURIComponent(reason)}`}`);

describe('POST /api/patient-contacts', () => {
  it('refuses a contact dated after today and logs nothing', async () => {
    const before = fingerprint(h.db);
    for (const date of [addDays(latestToday(new Date()), 1), '2030-01-15']) {
      const res = await h.as('student', 'POST', '/api/patient-contacts', { ...contactBody, studentId, date });
      expect([res.status, (await res.json()).fields]).toEqual([400, { date: MSG.dateNotFuture }]);
    }
    expect(fingerprint(h.db)).toEqual(before);
  });
});

describe('DELETE /api/patient-contacts/:id', () => {
  it('lets its recorder remove a contact logged by mistake; it leaves the list, and the audit log says who', async () => {
    const wrong = await logContact('student');
    const kept = await logContact('student', '2026-11-21');
    const res = await remove('student', wrong, 'Logged twice');
    expect([res.status, await res.json()]).toEqual([200, { id: wrong }]);
    expect(await contactsSeenBy('student')).toEqual([kept]);
    expect(await contactsSeenBy('director')).toEqual([kept]);
    // the contact row is its own entry in the trail; the removal has an audit entry
    const audit = ((await (await h.as('director', 'GET', `/api/audit?recordId=${wrong}`)).json()) as AuditPage).entries;
    expect(audit.map((e) => [e.action, e.actorId, e.command])).toEqual([
      ['delete', h.users.student.id, 'deletePatientContact'],
      ['create', h.users.student.id, 'logPatientContact'],
    ]);
    expect(audit.find((e) => e.action === 'delete')?.changes.reason).toEqual({
      before: null,
      after: 'Logged twice',
    });
  });

  it('lets director and administration remove anyone’s; refuses others with 403, or 404 where they cannot see it', async () => {
    const byPreceptor = await logContact('preceptor');
    const other = await logContact('preceptor', '2026-11-21');
    const before = fingerprint(h.db);
    expect((await remove('student', byPreceptor)).status).toBe(403);
    expect((await remove('clinical_coordinator', byPreceptor)).status).toBe(403);
    expect((await remove('instructor', byPreceptor)).status).toBe(404);
    expect((await remove(null, byPreceptor)).status).toBe(401);
    expect((await remove('director', 'no-such-contact')).status).toBe(404);
    expect(fingerprint(h.db)).toEqual(before);

    expect((await remove('director', byPreceptor)).status).toBe(200);
    expect((await remove('administration', other)).status).toBe(200);
    expect(await contactsSeenBy('director')).toEqual([]);
  });

  it('answers a second removal of the same contact (another device removed it offline) the same, changing nothing', async () => {
    const wrong = await logContact('student');
    expect((await remove('student', wrong)).status).toBe(200);
    const before = fingerprint(h.db);
    const again = await remove('student', wrong);
    expect([again.status, await again.json()]).toEqual([200, { id: wrong }]);
    expect(fingerprint(h.db)).toEqual(before);
    expect((await remove('instructor', wrong)).status).toBe(404);
  });

  it('refuses a removal without a reason and changes nothing', async () => {
    const wrong = await logContact('student');
    const before = fingerprint(h.db);
    for (const reason of [null, '', '   ']) {
      const res = await remove('student', wrong, reason);
      expect([res.status, (await res.json()).fields]).toEqual([400, { reason: MSG.removeReasonRequired }]);
    }
    expect(fingerprint(h.db)).toEqual(before);
  });
});

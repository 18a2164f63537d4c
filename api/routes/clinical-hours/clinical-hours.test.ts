import { beforeEach, describe, expect, it } from 'vitest';

import { asSystem } from '#api/seed/standards.ts';
import { fingerprint, type TestApp, testApp } from '#api/test/helpers.ts';
import { addDays, latestToday } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

let h: TestApp;
let emsStudent: typeof t.students.$inferSelect;
let fireStudent: typeof t.students.$inferSelect;
let siteId: string;

function addStudent(code: string, programId: string, userId: string | null = null) {
  return asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.students, {
      userId,
      firstName: 'Ana',
      lastName: code,
      email: `${code}@example.org`,
      phone: '555-0000',
      studentCode: code,
      programId,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }),
  );
}

const entry = (over: Record<string, unknown> = {}) => ({
  studentId: emsStudent.id,
  clinicalSiteId: siteId,
  date: '2026-03-02',
  hoursCompleted: 6.5,
  notes: 'ED shift',
  ...over,
});
const log = (role: Role | null, body: Record<string, unknown>) => h.as(role, 'POST', '/api/clinical-hours', body);
const hoursSeenBy = async (role: Role, query = '') =>
  (await (await h.as(role, 'GET', `/api/clinical-hours${query}`)).json()) as { id: string; studentId: string }[];

beforeEach(() => {
  h = testApp();
  // the preceptor works in the EMS program, the instructor only in the fire program
  const ems = h.program({ name: 'EMT Fall', type: 'ems' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]);
  const fire = h.program({ name: 'FF I', type: 'fire' }, [
    { userId: h.users.instructor.id, assignedRole: 'instructor' },
  ]);
  emsStudent = addStudent('E-1', ems.id, h.users.student.id);
  fireStudent = addStudent('F-1', fire.id);
  siteId = asSystem(h.db, 'fixture', (ctx) =>
    ctx.insert(t.clinicalSites, { name: 'Mercy General', type: 'Hospital', address: '1 Main St' }),
  ).id;
});

describe('POST /api/clinical-hours', () => {
  it('logs hours with the site name, the signed-in user as recorder', async () => {
    const res = await log('preceptor', entry({ recordedBy: h.users.director.id }));
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      id: expect.any(String),
      studentId: emsStudent.id,
      clinicalSiteId: siteId,
      clinicalSiteName: 'Mercy General',
      date: '2026-03-02',
      hoursCompleted: 6.5,
      startTime: null,
      endTime: null,
      hourType: 'clinical',
      unit: null,
      preceptorName: null,
      notes: 'ED shift',
      recordedBy: h.users.preceptor.id,
      refusedBy: null,
      verifiedBy: h.users.preceptor.id,
      verifiedAt: expect.any(String),
      shiftBookingId: null,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const field = await (
      await log('clinical_coordinator', entry({ clinicalSiteId: null, hourType: 'field', notes: '' }))
    ).json();
    expect(field).toMatchObject({ clinicalSiteId: null, clinicalSiteName: null, hourType: 'field', notes: null });
  });

  it('takes the hours from a start and end time (a night shift too), with the unit and the preceptor named', async () => {
    const night = await log('preceptor', {
      ...entry({ hoursCompleted: undefined, hourType: 'field' }),
      startTime: '19:00',
      endTime: '07:30',
      unit: 'Medic 12',
      preceptorName: 'Pat Nguyen, NRP',
    });
    expect(night.status).toBe(201);
    expect(await night.json()).toMatchObject({
      hoursCompleted: 12.5,
      startTime: '19:00',
      endTime: '07:30',
      unit: 'Medic 12',
      preceptorName: 'Pat Nguyen, NRP',
    });
    // typed hours stand over the times (a shift less its breaks)
    const typed = await log('preceptor', { ...entry({ hoursCompleted: 7 }), startTime: '08:00', endTime: '16:00' });
    expect(await typed.json()).toMatchObject({ hoursCompleted: 7 });
  });

  it('refuses a bad time, or neither hours nor both times, and logs nothing', async () => {
    const before = (await hoursSeenBy('director')).length;
    const badTime = await log('preceptor', {
      ...entry({ hoursCompleted: undefined }),
      startTime: '25:00',
      endTime: '07:00',
    });
    expect(badTime.status).toBe(400);
    expect((await badTime.json()).fields).toEqual({ startTime: MSG.timeInvalid });
    const onlyStart = await log('preceptor', { ...entry({ hoursCompleted: undefined }), startTime: '08:00' });
    expect((await onlyStart.json()).fields).toEqual({ hoursCompleted: MSG.hoursPositive });
    expect(await hoursSeenBy('director')).toHaveLength(before);
  });

  it('refuses a date after today, and more than 24 hours for the student on one date, logging nothing', async () => {
    const tomorrowEverywhere = addDays(latestToday(new Date()), 1);
    for (const date of [tomorrowEverywhere, '2028-03-02']) {
      const res = await log('student', entry({ date }));
      expect([res.status, (await res.json()).fields]).toEqual([400, { date: MSG.dateNotFuture }]);
    }
    expect((await log('student', entry({ hoursCompleted: 16 }))).status).toBe(201);
    expect((await log('preceptor', entry({ hoursCompleted: 8 }))).status).toBe(201);
    const before = fingerprint(h.db);
    const over = await log('preceptor', entry({ hoursCompleted: 0.25 }));
    expect([over.status, (await over.json()).fields]).toEqual([400, { hoursCompleted: MSG.hoursDayOver24 }]);
    expect(fingerprint(h.db)).toEqual(before);
    // another date, another student: their own 24 hours
    expect((await log('preceptor', entry({ date: '2026-03-03', hoursCompleted: 12 }))).status).toBe(201);
    expect((await log('director', entry({ studentId: fireStudent.id, hoursCompleted: 12 }))).status).toBe(201);
  });

  it('answers the spec messages and unknown references with 400, logging nothing', async () => {
    const bad = await log('director', { hoursCompleted: 0, date: '2026-02-30' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      studentId: MSG.studentRequired,
      date: MSG.dateInvalid,
      hoursCompleted: MSG.hoursPositive,
    });
    expect((await (await log('director', entry({ hoursCompleted: 24.5 }))).json()).fields).toEqual({
      hoursCompleted: MSG.hoursPositive,
    });
    const noStudent = await log('director', entry({ studentId: 'nope' }));
    expect(noStudent.status).toBe(400);
    expect((await noStudent.json()).fields).toEqual({ studentId: 'Student not found' });
    const noSite = await log('director', entry({ clinicalSiteId: 'nope' }));
    expect(noSite.status).toBe(400);
    expect((await noSite.json()).fields).toEqual({ clinicalSiteId: 'Clinical site not found' });
    expect(await hoursSeenBy('director')).toEqual([]);
  });

  it("refuses another student's record to a student, staff outside the student's programs, and the signed out", async () => {
    // a student outside the caller's programs answers as one that exists nowhere
    for (const outside of [
      await log('student', entry({ studentId: fireStudent.id })),
      await log('instructor', entry()),
      await log('preceptor', entry({ studentId: fireStudent.id })),
    ]) {
      expect(outside.status).toBe(400);
      expect((await outside.json()).fields).toEqual({ studentId: 'Student not found' });
    }
    expect((await log(null, entry())).status).toBe(401);
    expect(await hoursSeenBy('director')).toEqual([]);
    expect((await log('instructor', entry({ studentId: fireStudent.id }))).status).toBe(201);
    const own = await log('student', entry());
    expect(own.status).toBe(201);
    expect(await own.json()).toMatchObject({ studentId: emsStudent.id, recordedBy: h.users.student.id });
  });
});

describe('GET /api/clinical-hours', () => {
  it('shows each role the hours of the students it may see, newest first', async () => {
    const older = await (await log('director', entry({ date: '2026-03-01' }))).json();
    const newer = await (await log('director', entry({ date: '2026-03-05' }))).json();
    const fire = await (await log('director', entry({ studentId: fireStudent.id, date: '2026-03-03' }))).json();
    const ids = async (role: Role, query?: string) => (await hoursSeenBy(role, query)).map((r) => r.id);
    expect(await ids('director')).toEqual([newer.id, fire.id, older.id]);
    expect(await ids('clinical_coordinator')).toEqual([newer.id, fire.id, older.id]);
    expect(await ids('preceptor')).toEqual([newer.id, older.id]);
    expect(await ids('instructor')).toEqual([fire.id]);
    expect(await ids('student')).toEqual([newer.id, older.id]);
    expect(await ids('director', `?studentId=${fireStudent.id}`)).toEqual([fire.id]);
    expect(await ids('student', `?studentId=${fireStudent.id}`)).toEqual([]);
    expect((await h.as(null, 'GET', '/api/clinical-hours')).status).toBe(401);
  });
});

describe("a student's own hours", () => {
  const figures = async () => {
    const list = (await (await h.as('director', 'GET', '/api/students')).json()) as Record<string, unknown>[];
    const s = list.find((x) => x.id === emsStudent.id)!;
    return { total: s.totalHours, clinical: s.clinicalHours, field: s.fieldHours, awaiting: s.awaitingHours };
  };

  it('wait for verification: shown apart and counted in no total, while hours staff log count at once', async () => {
    for (const date of ['2026-03-02', '2026-03-03', '2026-03-04']) {
      expect((await log('student', entry({ date, hoursCompleted: 20 }))).status).toBe(201);
    }
    expect(await figures()).toEqual({ total: 0, clinical: 0, field: 0, awaiting: 60 });
    expect((await log('preceptor', entry({ date: '2026-03-05', hourType: 'field', hoursCompleted: 8 }))).status).toBe(
      201,
    );
    expect(await figures()).toEqual({ total: 8, clinical: 0, field: 8, awaiting: 60 });
  });
});

describe('DELETE /api/clinical-hours/:id', () => {
  it('lets the recorder, director and administration delete; hides the entry from those who cannot see it', async () => {
    const mine = await (await log('preceptor', entry())).json();
    const other = await (await log('preceptor', entry({ date: '2026-03-04' }))).json();
    expect(
      (await h.as('clinical_coordinator', 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`)).status,
    ).toBe(403);
    expect((await h.as('student', 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`)).status).toBe(403);
    expect((await h.as('instructor', 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`)).status).toBe(
      404,
    );
    expect((await h.as(null, 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`)).status).toBe(401);
    expect(await hoursSeenBy('director')).toHaveLength(2);

    const res = await h.as('preceptor', 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ id: mine.id });
    expect(
      (await h.as('administration', 'DELETE', `/api/clinical-hours/${other.id}?reason=Wrong%20student`)).status,
    ).toBe(200);
    expect(await hoursSeenBy('director')).toEqual([]);
    expect((await h.as('director', 'DELETE', '/api/clinical-hours/unknown?reason=Wrong%20student')).status).toBe(404);
    // a second removal (another device removed it offline too) answers the same and changes nothing
    const before = fingerprint(h.db);
    const again = await h.as('director', 'DELETE', `/api/clinical-hours/${mine.id}?reason=Wrong%20student`);
    expect([again.status, await again.json()]).toEqual([200, { id: mine.id }]);
    expect(fingerprint(h.db)).toEqual(before);
  });

  it('refuses a removal without a reason and changes nothing', async () => {
    const mine = await (await log('preceptor', entry())).json();
    const before = fingerprint(h.db);
    for (const query of ['', '?reason=', '?reason=%20%20']) {
      const res = await h.as('preceptor', 'DELETE', `/api/clinical-hours/${mine.id}${query}`);
      expect([res.status, (await res.json()).fields]).toEqual([400, { reason: MSG.removeReasonRequired }]);
    }
    expect(fingerprint(h.db)).toEqual(before);
  });
});

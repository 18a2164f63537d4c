/**
 * Attacks on shift scheduling's writes, as each role that might try them: approving one's own clocked hours (also
 * from another account of one's own address), booking or clocking for another student, accepting one's own swap,
 * forging fields the schema does not list, reusing ids, replaying a mutation, and dating clocked hours away from the
 * shift. Each refused attempt changes no record.
 */
import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { asSystem } from '#api/seed/standards.ts';
import { fingerprint } from '#api/test/helpers.ts';
import { addDays } from '#schema/dates.ts';
import { ERR, MSG, SHIFT_MSG } from '#schema/messages.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import { type BookingRow, inDays, type ShiftWorld, shiftWorld } from './shift-world.test-support.ts';

let w: ShiftWorld;
let ana: ReturnType<ShiftWorld['student']>;
let ben: ReturnType<ShiftWorld['student']>;
const today = inDays(0);

beforeEach(() => {
  w = shiftWorld();
  ana = w.student('P-1');
  ben = w.student('P-2');
});

const book = async (who: { email: string | null }, shiftId: string) =>
  (await (
    await w.asStudent(who.email!, 'POST', `/api/shifts/${shiftId}/bookings`, { id: crypto.randomUUID() })
  ).json()) as BookingRow;
const hoursRow = (id: string) => w.h.db.select().from(t.clinicalHours).where(eq(t.clinicalHours.id, id)).get();

type StaffRole = 'preceptor' | 'instructor' | 'clinical_coordinator';
/** A staff account with this e-mail, a member of the program. */
function account(email: string, role: StaffRole, programId: string) {
  return asSystem(w.h.db, 'fixture', (ctx) => {
    const user = ctx.insert(t.users, {
      email,
      passwordHash: w.h.users.student.passwordHash,
      firstName: 'Other',
      lastName: role,
      role,
    });
    ctx.insert(t.programMembers, { programId, userId: user.id, assignedRole: role });
    return user;
  });
}
/** Staff of another program. */
const staffElsewhere = (role: StaffRole) =>
  account(`far.${role}@test.local`, role, w.h.program({ name: 'Other EMS', type: 'ems' }).id);
/** An account of another role under another form of an address (case, +tag) of Ana's, in her program. */
const twinAccount = (email: string, role: StaffRole) => account(email, role, w.program.id);

/** Ana booked on today's 07:00 shift, clocked in and out: an hours entry waiting for verification. */
async function clockedHours(preceptorIds: string[] = [w.h.users.preceptor.id]) {
  const [shift] = await w.post({ date: today, preceptorIds, durationMinutes: 480 });
  const booking = await book(ana, shift.id);
  expect(
    await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${today}T07:00`, atSite: null }),
  ).toMatchObject({ status: 'applied' });
  const hoursEntryId = crypto.randomUUID();
  expect(
    await w.push(ana.email!, 'clockOutOfShift', { id: booking.id, hoursEntryId, at: `${today}T15:00` }),
  ).toMatchObject({ status: 'applied' });
  return { shift, booking, hoursEntryId };
}

describe("approving a shift's clocked hours", () => {
  it('the student, a classmate, a preceptor not on the shift and staff of another program may not', async () => {
    const { booking, hoursEntryId } = await clockedHours();
    const farInstructor = staffElsewhere('instructor');
    const lonePreceptor = account('other.preceptor@test.local', 'preceptor', w.program.id);
    const before = fingerprint(w.h.db);
    const path = `/api/shift-bookings/${booking.id}/approve-hours`;
    for (const [email, status] of [
      [ana.email!, 403],
      [ben.email!, 403],
      [lonePreceptor.email, 404],
      [farInstructor.email, 404],
    ] as const)
      expect([email, (await w.asStudent(email, 'POST', path)).status]).toEqual([email, status]);
    expect(fingerprint(w.h.db)).toBe(before);
    expect(hoursRow(hoursEntryId)).toMatchObject({ verifiedBy: null });
  });

  it.each([
    ['preceptor on the shift', 'student+shift@test.local', 'preceptor'],
    ['coordinator', 'p-1+desk@example.org', 'clinical_coordinator'],
    ['instructor', 'p-1@example.org', 'instructor'],
  ] as const)('another account of the student’s own address (%s) may not', async (_, email, role) => {
    const twin = twinAccount(email, role);
    const { booking, hoursEntryId } = await clockedHours([w.h.users.preceptor.id, twin.id]);
    const before = fingerprint(w.h.db);
    const res = await w.asStudent(email, 'POST', `/api/shift-bookings/${booking.id}/approve-hours`);
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: SHIFT_MSG.ownHours });
    expect(fingerprint(w.h.db)).toBe(before);
    expect(hoursRow(hoursEntryId)).toMatchObject({ verifiedBy: null });
  });

  it('a second approval keeps the first approver', async () => {
    const { booking, hoursEntryId } = await clockedHours();
    expect((await w.h.as('preceptor', 'POST', `/api/shift-bookings/${booking.id}/approve-hours`)).status).toBe(200);
    expect((await w.h.as('director', 'POST', `/api/shift-bookings/${booking.id}/approve-hours`)).status).toBe(200);
    expect(hoursRow(hoursEntryId)).toMatchObject({ verifiedBy: w.h.users.preceptor.id });
  });
});

describe('clocking in and out', () => {
  it("a student cannot clock in or out on a classmate's booking", async () => {
    const [shift] = await w.post({ date: today });
    const bens = await book(ben, shift.id);
    const before = fingerprint(w.h.db);
    const clockIn = await w.push(ana.email!, 'clockIntoShift', { id: bens.id, at: `${today}T07:00`, atSite: true });
    expect(clockIn).toMatchObject({ status: 'rejected', code: '404' });
    const clockOut = await w.push(ana.email!, 'clockOutOfShift', {
      id: bens.id,
      hoursEntryId: crypto.randomUUID(),
      at: `${today}T19:00`,
    });
    expect(clockOut).toMatchObject({ status: 'rejected', code: '404' });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('staff cannot clock a student in', async () => {
    const [shift] = await w.post({ date: today });
    const anas = await book(ana, shift.id);
    const before = fingerprint(w.h.db);
    const res = await w.h.as('clinical_coordinator', 'POST', '/api/sync/push', {
      pushVersion: 1,
      clientGroupId: 'desk',
      clientId: 'desk-1',
      mutations: [
        {
          id: 1,
          name: 'clockIntoShift',
          args: { id: anas.id, at: `${today}T07:00` },
          createdAt: new Date().toISOString(),
        },
      ],
    });
    expect((await res.json()).results[0]).toMatchObject({ status: 'rejected', code: '403' });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('fields the schema does not list (a verifier, a recorder, a clock-in time) are ignored', async () => {
    const [shift] = await w.post({ date: today });
    const anas = await book(ana, shift.id);
    await w.push(ana.email!, 'clockIntoShift', {
      id: anas.id,
      at: `${today}T07:00`,
      atSite: null,
      clockOutAt: `${today}T07:01`,
    });
    const hoursEntryId = crypto.randomUUID();
    const out = await w.push(ana.email!, 'clockOutOfShift', {
      id: anas.id,
      hoursEntryId,
      at: `${today}T19:00`,
      verifiedBy: w.h.users.director.id,
      verifiedAt: new Date().toISOString(),
      recordedBy: w.h.users.director.id,
      hoursCompleted: 24,
      studentId: ben.record.id,
    });
    expect(out).toMatchObject({ status: 'applied' });
    expect(hoursRow(hoursEntryId)).toMatchObject({
      studentId: ana.record.id,
      verifiedBy: null,
      recordedBy: w.h.users.student.id,
      hoursCompleted: 12,
    });
  });

  it("an hours entry id already taken by a classmate's entry is refused and changes nothing", async () => {
    const [shift] = await w.post({ date: today });
    const anas = await book(ana, shift.id);
    const taken = asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.clinicalHours, {
        studentId: ben.record.id,
        date: today,
        hoursCompleted: 3,
        hourType: 'clinical',
        recordedBy: w.h.users.instructor.id,
        verifiedBy: w.h.users.instructor.id,
        verifiedAt: new Date().toISOString(),
      }),
    );
    await w.push(ana.email!, 'clockIntoShift', { id: anas.id, at: `${today}T07:00`, atSite: null });
    const before = fingerprint(w.h.db);
    const out = await w.push(ana.email!, 'clockOutOfShift', {
      id: anas.id,
      hoursEntryId: taken.id,
      at: `${today}T19:00`,
    });
    expect(out).toMatchObject({ status: 'rejected' });
    expect(fingerprint(w.h.db)).toBe(before);
    expect(hoursRow(taken.id)).toMatchObject({ studentId: ben.record.id, hoursCompleted: 3 });
  });

  it('a mutation replayed under its id is answered as a duplicate and changes nothing', async () => {
    const [shift] = await w.post({ date: today });
    const anas = await book(ana, shift.id);
    const send = () =>
      w.asStudent(ana.email!, 'POST', '/api/sync/push', {
        pushVersion: 1,
        clientGroupId: 'phone',
        clientId: 'phone-replay',
        mutations: [
          {
            id: 1,
            name: 'clockIntoShift',
            args: { id: anas.id, at: `${today}T07:00` },
            createdAt: new Date().toISOString(),
          },
        ],
      });
    expect((await (await send()).json()).results[0]).toMatchObject({ status: 'applied' });
    const before = fingerprint(w.h.db);
    expect((await (await send()).json()).results[0]).toMatchObject({ status: 'duplicate' });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it.each([
    ['a clock-in dated after today, on its shift', 3, MSG.dateNotFuture],
    ['a clock-in years before the shift', -2500, SHIFT_MSG.clockFarFromShift],
  ])('%s is refused and changes nothing', async (_, days: number, message: string) => {
    const [shift] = await w.post({ date: addDays(today, 3) });
    const anas = await book(ana, shift.id);
    const before = fingerprint(w.h.db);
    const res = await w.push(ana.email!, 'clockIntoShift', {
      id: anas.id,
      at: `${addDays(today, days)}T07:00`,
      reason: 'Phone clock',
    });
    expect(res).toMatchObject({ status: 'rejected', code: '400', fields: { at: message } });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('a clock-in far from the shift cannot date 24 hours on another day', async () => {
    const [shift] = await w.post({ date: today, durationMinutes: 480 });
    const anas = await book(ana, shift.id);
    const before = fingerprint(w.h.db);
    const early = await w.push(ana.email!, 'clockIntoShift', {
      id: anas.id,
      at: `${addDays(today, -5)}T00:00`,
      reason: 'Forgot',
    });
    expect(early).toMatchObject({ status: 'rejected', fields: { at: SHIFT_MSG.clockFarFromShift } });
    expect(fingerprint(w.h.db)).toBe(before);
  });
});

describe('booking and swapping', () => {
  it('a student cannot book a classmate, nor a shift of another program', async () => {
    const [shift] = await w.post({ date: inDays(3) });
    const other = w.h.program({ name: 'Other EMS', type: 'ems' });
    const farShift = asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.shifts, {
        programId: other.id,
        type: 'clinical',
        date: inDays(3),
        startTime: '07:00',
        durationMinutes: 60,
        slots: 3,
        createdBy: w.h.users.director.id,
      }),
    );
    const before = fingerprint(w.h.db);
    const forBen = await w.asStudent(ana.email!, 'POST', `/api/shifts/${shift.id}/bookings`, {
      id: crypto.randomUUID(),
      studentId: ben.record.id,
    });
    expect(forBen.status).toBe(400);
    const far = await w.asStudent(ana.email!, 'POST', `/api/shifts/${farShift.id}/bookings`, {
      id: crypto.randomUUID(),
    });
    expect(far.status).toBe(404);
    const pushed = await w.push(ana.email!, 'bookShift', {
      id: crypto.randomUUID(),
      shiftId: shift.id,
      studentId: ben.record.id,
    });
    expect(pushed).toMatchObject({ status: 'rejected' });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('an instructor of another program cannot book onto, edit or cancel a shift', async () => {
    const [shift] = await w.post({ date: inDays(3) });
    const far = staffElsewhere('instructor');
    const before = fingerprint(w.h.db);
    for (const [method, path, body] of [
      ['POST', `/api/shifts/${shift.id}/bookings`, { id: crypto.randomUUID(), studentId: ana.record.id }],
      ['PATCH', `/api/shifts/${shift.id}`, { changes: { slots: 50 } }],
      ['POST', `/api/shifts/${shift.id}/cancel`, { reason: 'no' }],
    ] as const)
      expect([path, (await w.asStudent(far.email, method, path, body)).status]).toEqual([path, 404]);
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('a student cannot take the place they offered themself', async () => {
    const [shift] = await w.post({ slots: 1, date: inDays(3) });
    const anas = await book(ana, shift.id);
    await w.push(ana.email!, 'offerShiftSwap', { id: anas.id, offered: true });
    const before = fingerprint(w.h.db);
    const res = await w.push(ana.email!, 'acceptShiftSwap', { id: crypto.randomUUID(), shiftId: shift.id });
    expect(res).toMatchObject({ status: 'rejected', message: SHIFT_MSG.alreadyBooked });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it("a student cannot offer or drop a classmate's place", async () => {
    const [shift] = await w.post({ slots: 2, date: inDays(3) });
    const bens = await book(ben, shift.id);
    const before = fingerprint(w.h.db);
    expect(await w.push(ana.email!, 'offerShiftSwap', { id: bens.id, offered: true })).toMatchObject({
      status: 'rejected',
      code: '404',
    });
    expect(await w.push(ana.email!, 'dropShiftBooking', { id: bens.id })).toMatchObject({
      status: 'rejected',
      code: '404',
    });
    expect((await w.asStudent(ana.email!, 'DELETE', `/api/shift-bookings/${bens.id}`)).status).toBe(404);
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('huge or odd values are refused with their field and change nothing', async () => {
    const [shift] = await w.post({ date: inDays(3) });
    const before = fingerprint(w.h.db);
    for (const changes of [
      { slots: 1e9 },
      { slots: -1 },
      { durationMinutes: 1e6 },
      { preceptorIds: [ana.email] },
      { date: '2026-02-30' },
    ]) {
      const res = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${shift.id}`, { changes });
      expect([changes, res.status]).toEqual([changes, 400]);
    }
    expect(fingerprint(w.h.db)).toBe(before);
  });
});

describe('compliance records and swaps across programs', () => {
  it("a staff account under one of the student's addresses records none of their compliance records", async () => {
    const twin = twinAccount('student+nurse@test.local', 'instructor');
    const before = fingerprint(w.h.db);
    const res = await w.asStudent(twin.email, 'POST', '/api/student-credentials', {
      studentId: ana.record.id,
      kind: 'immunization',
      expiresOn: inDays(365),
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: SHIFT_MSG.ownCredential });
    expect(fingerprint(w.h.db)).toBe(before);
  });

  it('a swap never books the offering student onto a shift of a program they are not in', async () => {
    const other = w.h.program({ name: 'Other EMS', type: 'ems' });
    // Ben also studies in the other program, under the same account, and holds a place on one of its shifts
    const bensOther = asSystem(w.h.db, 'fixture', (ctx) => {
      const record = ctx.insert(t.students, {
        userId: w.h.db.select().from(t.students).where(eq(t.students.id, ben.record.id)).get()!.userId,
        firstName: 'P-2',
        lastName: 'Student',
        email: 'p-2.other@example.org',
        phone: '555-0100',
        studentCode: 'P-2-O',
        programId: other.id,
        enrollmentDate: '2026-01-10',
        expectedGraduation: '2027-06-15',
      });
      const shift = ctx.insert(t.shifts, {
        programId: other.id,
        type: 'clinical',
        date: inDays(4),
        startTime: '07:00',
        durationMinutes: 60,
        slots: 1,
        bookedCount: 1,
        createdBy: w.h.users.director.id,
      });
      return ctx.insert(t.shiftBookings, { shiftId: shift.id, studentId: record.id, bookedBy: w.h.users.director.id });
    });
    const [shift] = await w.post({ slots: 1, date: inDays(3) });
    const anas = await book(ana, shift.id);
    await w.push(ana.email!, 'offerShiftSwap', { id: anas.id, offered: true });
    const before = fingerprint(w.h.db);
    const res = await w.push(ben.email!, 'acceptShiftSwap', {
      id: crypto.randomUUID(),
      shiftId: shift.id,
      giveBookingId: bensOther.id,
    });
    expect(res).toMatchObject({ status: 'rejected', message: SHIFT_MSG.swapPartnerNotInProgram });
    expect(fingerprint(w.h.db)).toBe(before);
  });
});

describe('hours that would pass as clocked or verified', () => {
  it("a student's own hours entry naming a booking, a verifier or a recorder is stored as theirs, unclocked and waiting", async () => {
    const [shift] = await w.post({ date: today });
    const anas = await book(ana, shift.id);
    const id = crypto.randomUUID();
    const res = await w.push(ana.email!, 'logClinicalHours', {
      id,
      studentId: ana.record.id,
      date: today,
      hoursCompleted: 8,
      hourType: 'clinical',
      shiftBookingId: anas.id,
      verifiedBy: w.h.users.preceptor.id,
      verifiedAt: new Date().toISOString(),
      recordedBy: w.h.users.preceptor.id,
    });
    expect(res).toMatchObject({ status: 'applied' });
    expect(hoursRow(id)).toMatchObject({
      shiftBookingId: null,
      verifiedBy: null,
      recordedBy: w.h.users.student.id,
    });
  });

  it('approving a booking not yet clocked out is refused and verifies nothing', async () => {
    const [shift] = await w.post({ date: today });
    const bens = await book(ben, shift.id);
    await w.push(ben.email!, 'clockIntoShift', { id: bens.id, at: `${today}T07:00`, atSite: null });
    const before = fingerprint(w.h.db);
    const res = await w.h.as('director', 'POST', `/api/shift-bookings/${bens.id}/approve-hours`);
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: SHIFT_MSG.notClockedIn });
    expect(fingerprint(w.h.db)).toBe(before);
  });
});

describe('reading shifts', () => {
  it('a preceptor named on a shift of a program they are not in reads it in no calendar feed', async () => {
    const other = w.h.program({ name: 'Other EMS', type: 'ems' });
    asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.shifts, {
        programId: other.id,
        type: 'clinical',
        unit: 'Far unit',
        notes: 'Door code 4471',
        date: inDays(2),
        startTime: '07:00',
        durationMinutes: 60,
        slots: 1,
        preceptorIds: [w.h.users.preceptor.id],
        createdBy: w.h.users.director.id,
      }),
    );
    const [own] = await w.post({ date: inDays(2), preceptorIds: [w.h.users.preceptor.id], notes: 'Own shift' });
    const issued = await w.h.as('preceptor', 'POST', '/api/calendar-feed');
    const feed = await (await w.h.app.request(new URL(((await issued.json()) as { url: string }).url).pathname)).text();
    expect(feed).toContain(`precepted-shift-${own.id}`);
    expect(feed).not.toContain('Door code 4471');
    expect(feed).not.toContain('Far unit');
  });
});

describe("a sign-off of the shift's hours", () => {
  it("a coordinator account under one of the student's addresses works none of it in the queue", async () => {
    const twin = twinAccount('p-1+desk@example.org', 'clinical_coordinator');
    const { hoursEntryId } = await clockedHours();
    const content = signedContent(ana.record.id, {
      attempts: [],
      contacts: [],
      hours: w.h.db.select().from(t.clinicalHours).where(eq(t.clinicalHours.id, hoursEntryId)).all(),
    });
    const args = {
      id: crypto.randomUUID(),
      studentId: ana.record.id,
      records: [{ kind: 'hours' as const, id: hoursEntryId }],
      contentHash: sha256(content),
      previousHash: null,
      deviceId: 'device-0001',
      capturedAt: new Date().toISOString(),
      preceptor: {
        name: 'Sam Rivera',
        credential: 'Paramedic' as const,
        number: 'NRP 1',
        agency: 'Mercy',
        contact: 'sam@elsewhere.example',
      },
      attested: true as const,
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
      hash: '',
    };
    const made = await w.asStudent(ana.email!, 'POST', '/api/sign-offs', {
      ...args,
      hash: sha256(signOffContent(args)),
    });
    expect(made.status).toBe(201);
    const before = fingerprint(w.h.db);
    for (const body of [{ action: 'accept', note: 'Seen it' }, { action: 'ask_again' }]) {
      const res = await w.asStudent(twin.email, 'POST', `/api/sign-offs/${args.id}/review`, body);
      expect([body.action, res.status]).toEqual([body.action, 403]);
      expect(await res.json()).toMatchObject({ error: ERR.ownSignOff });
    }
    expect((await w.asStudent(twin.email, 'POST', `/api/sign-offs/${args.id}/link`)).status).toBe(403);
    expect(fingerprint(w.h.db)).toBe(before);
  });
});

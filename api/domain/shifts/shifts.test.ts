import { eq } from 'drizzle-orm';
import { beforeEach, describe, expect, it } from 'vitest';

import { sha256 } from '#api/domain/evidence/sign-off-effects.ts';
import { asSystem } from '#api/seed/standards.ts';
import { SHIFT_MSG } from '#schema/messages.ts';
import { boardCsvRows, type BoardRow } from '#schema/shift-board.ts';
import { signedContent, signOffContent } from '#schema/sign-off.ts';
import * as t from '#schema/tables.ts';

import { type BookingRow, inDays, type ShiftRow, type ShiftWorld, shiftWorld } from './shift-world.test-support.ts';

let w: ShiftWorld;
let ana: ReturnType<ShiftWorld['student']>;
let ben: ReturnType<ShiftWorld['student']>;

beforeEach(() => {
  w = shiftWorld();
  ana = w.student('P-1');
  ben = w.student('P-2');
});

const book = (who: { email: string | null }, shiftId: string) =>
  w.asStudent(who.email!, 'POST', `/api/shifts/${shiftId}/bookings`, { id: crypto.randomUUID() });
const shiftRow = (id: string): ShiftRow => w.h.db.select().from(t.shifts).where(eq(t.shifts.id, id)).get()!;

describe('posting shifts', () => {
  it('creates a weekly series, one shift a week from the first date', async () => {
    const series = await w.post({ date: inDays(7), repeatWeeks: 4 });
    expect(series.map((s) => s.date)).toEqual([inDays(7), inDays(14), inDays(21), inDays(28)]);
    expect(new Set(series.map((s) => s.seriesId))).toEqual(new Set([series[0].id]));
  });

  it('editing "all after" changes that shift and the later ones of its series, and no earlier one', async () => {
    const series = await w.post({ repeatWeeks: 4, slots: 2 });
    const res = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${series[2].id}`, {
      scope: 'following',
      changes: { startTime: '19:00', slots: 3 },
    });
    expect(res.status).toBe(200);
    const after = series.map((s) => shiftRow(s.id));
    expect(after.map((s) => [s.startTime, s.slots])).toEqual([
      ['07:00', 2],
      ['07:00', 2],
      ['19:00', 3],
      ['19:00', 3],
    ]);
  });

  it("an edit of one side of the sign-up window is judged with the shift's other side, and changes nothing if refused", async () => {
    const series = await w.post({ repeatWeeks: 2, signupOpensDaysBefore: 10, signupClosesDaysBefore: 5 });
    for (const changes of [{ signupOpensDaysBefore: 3 }, { signupClosesDaysBefore: 12 }]) {
      const res = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${series[0].id}`, {
        scope: 'following',
        changes,
      });
      expect(res.status).toBe(400);
      expect((await res.json()).fields).toEqual({ signupOpensDaysBefore: SHIFT_MSG.signupOrder });
    }
    expect(series.map((s) => shiftRow(s.id)).map((s) => [s.signupOpensDaysBefore, s.signupClosesDaysBefore])).toEqual([
      [10, 5],
      [10, 5],
    ]);
  });

  it('editing "this one" changes only that shift', async () => {
    const series = await w.post({ repeatWeeks: 3 });
    await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${series[1].id}`, {
      scope: 'one',
      changes: { unit: 'ICU' },
    });
    expect(series.map((s) => shiftRow(s.id).unit)).toEqual(['ED', 'ICU', 'ED']);
  });

  it('refuses a student, and bad input with the field and changes nothing', async () => {
    const valid = {
      programId: w.program.id,
      type: 'lab',
      date: inDays(3),
      startTime: '08:00',
      durationMinutes: 60,
      slots: 4,
    };
    expect((await w.h.as('student', 'POST', '/api/shifts', valid)).status).toBe(403);
    const res = await w.h.as('clinical_coordinator', 'POST', '/api/shifts', {
      programId: w.program.id,
      type: 'night',
      date: inDays(3),
      startTime: '25:00',
      durationMinutes: 5,
      slots: 0,
    });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toMatchObject({
      type: SHIFT_MSG.shiftTypeRequired,
      startTime: 'Enter a time as HH:MM',
      durationMinutes: SHIFT_MSG.durationRange,
      slots: SHIFT_MSG.slotsRange,
    });
    expect(w.h.db.$client.prepare('select count(*) n from shifts').get()).toEqual({ n: 0 });
  });
});

describe('booking', () => {
  it('the last slot goes to the first booking; the next is told "slot taken" and nothing is overbooked', async () => {
    const [shift] = await w.post({ slots: 1 });
    expect((await book(ana, shift.id)).status).toBe(201);
    const late = await book(ben, shift.id);
    expect(late.status).toBe(409);
    expect((await late.json()).error).toBe(SHIFT_MSG.slotTaken);
    expect(w.liveBookings(shift.id)).toHaveLength(1);
    expect(shiftRow(shift.id).bookedCount).toBe(1);
  });

  it('a student with an expired immunization cannot book, and is told which and when it expired', async () => {
    const [shift] = await w.post({ requiredCredentials: ['immunization'] });
    asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.studentCredentials, {
        studentId: ana.record.id,
        kind: 'immunization',
        expiresOn: inDays(1),
        recordedBy: w.h.users.instructor.id,
      }),
    );
    const res = await book(ana, shift.id);
    expect(res.status).toBe(409);
    expect((await res.json()).error).toBe(`Immunization expired on ${inDays(1)}`);
    const none = await book(ben, shift.id);
    expect((await none.json()).error).toBe('No immunization on file');
    expect(w.liveBookings(shift.id)).toHaveLength(0);
  });

  it('a current record lets the student book', async () => {
    const [shift] = await w.post({ requiredCredentials: ['immunization'] });
    const recorded = await w.h.as('instructor', 'POST', '/api/student-credentials', {
      studentId: ana.record.id,
      kind: 'immunization',
      expiresOn: inDays(365),
    });
    expect(recorded.status).toBe(201);
    expect((await book(ana, shift.id)).status).toBe(201);
  });

  it('a drop frees the slot; a shift that allows no drops keeps the student', async () => {
    const [shift] = await w.post({ slots: 1 });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    expect((await w.asStudent(ana.email!, 'DELETE', `/api/shift-bookings/${booking.id}`)).status).toBe(200);
    expect((await book(ben, shift.id)).status).toBe(201);
    const [fixed] = await w.post({ allowDrop: false });
    const kept = (await (await book(ana, fixed.id)).json()) as BookingRow;
    const refused = await w.asStudent(ana.email!, 'DELETE', `/api/shift-bookings/${kept.id}`);
    expect((await refused.json()).error).toBe(SHIFT_MSG.dropNotAllowed);
  });

  it('a full shift whose place was offered for a swap goes to the next booking, and the offering student is told', async () => {
    const [shift] = await w.post({ slots: 1 });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    expect(await w.push(ana.email!, 'offerShiftSwap', { id: booking.id, offered: true })).toMatchObject({
      status: 'applied',
    });
    expect((await book(ben, shift.id)).status).toBe(201);
    expect(w.liveBookings(shift.id)).toEqual([expect.objectContaining({ student_id: ben.record.id })]);
    expect(shiftRow(shift.id).bookedCount).toBe(1);
    const told = w.h.db.select().from(t.messages).where(eq(t.messages.recipientId, w.h.users.student.id)).all();
    expect(told.map((m) => m.subject)).toEqual([expect.stringMatching(/^Shift swapped: /)]);
  });

  it('refuses fewer slots than bookings', async () => {
    const [shift] = await w.post({ slots: 2 });
    await book(ana, shift.id);
    await book(ben, shift.id);
    const res = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${shift.id}`, { changes: { slots: 1 } });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ slots: SHIFT_MSG.slotsBelowBooked });
    expect(shiftRow(shift.id).slots).toBe(2);
  });

  it('sign-up outside its window is refused with the reason', async () => {
    const [shift] = await w.post({ date: inDays(30), signupOpensDaysBefore: 14 });
    expect((await (await book(ana, shift.id)).json()).error).toBe(SHIFT_MSG.signupNotOpen);
  });
});

describe("the coordinator's board", () => {
  it('filters by site and type, by day or week, and its CSV has a row per booked student and per shift with room', async () => {
    const other = asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.insert(t.clinicalSites, { name: 'Metro EMS', type: 'Ambulance Service', address: '2 Main St' }),
    );
    const [ed] = await w.post({ date: inDays(7), slots: 2 });
    const [field] = await w.post({ date: inDays(8), type: 'field', clinicalSiteId: other.id, unit: 'Medic 4' });
    const [lab] = await w.post({ date: inDays(9), type: 'lab', clinicalSiteId: null, unit: 'Skills lab' });
    await book(ana, ed.id);
    await book(ben, ed.id);
    const board = async (query: string) =>
      (
        (await (await w.h.as('clinical_coordinator', 'GET', `/api/shifts?from=${inDays(7)}&${query}`)).json()) as {
          data: BoardRow[];
        }
      ).data;
    expect((await board('days=7')).map((r) => r.id)).toEqual([ed.id, field.id, lab.id]);
    expect((await board('days=1')).map((r) => r.id)).toEqual([ed.id]);
    expect((await board(`days=7&clinicalSiteId=${other.id}`)).map((r) => r.id)).toEqual([field.id]);
    expect((await board('days=7&type=lab')).map((r) => r.id)).toEqual([lab.id]);
    const bad = await w.h.as('clinical_coordinator', 'GET', '/api/shifts?days=3&type=nope');
    expect(bad.status).toBe(400);
    const csv = boardCsvRows(await board('days=7'));
    expect(csv.map((r) => [r.Date, r.Student, r['Empty slots'], r.Compliance])).toEqual([
      [inDays(7), 'P-1 Student', 0, 'compliant'],
      [inDays(7), 'P-2 Student', 0, 'compliant'],
      [inDays(8), '', 2, ''],
      [inDays(9), '', 2, ''],
    ]);
  });
});

describe('cancelling a booked shift', () => {
  it('tells everyone booked, in the app and by mail', async () => {
    const sent: { to: string; subject: string }[] = [];
    w = shiftWorld({ mailer: { send: async (m) => void sent.push(m) } });
    ana = w.student('P-1');
    ben = w.student('P-2');
    const [shift] = await w.post();
    await book(ana, shift.id);
    await book(ben, shift.id);
    const res = await w.h.as('clinical_coordinator', 'POST', `/api/shifts/${shift.id}/cancel`, {
      reason: 'Unit closed for renovation',
    });
    expect(res.status).toBe(200);
    expect(w.liveBookings(shift.id)).toHaveLength(0);
    const inbox = w.h.db.$client
      .prepare('select recipient_id, subject, content from messages order by recipient_id')
      .all() as { recipient_id: string; subject: string; content: string }[];
    expect(inbox).toHaveLength(2);
    expect(inbox.every((m) => m.subject.startsWith('Shift cancelled') && m.content.includes('renovation'))).toBe(true);
    await new Promise((r) => setTimeout(r, 0));
    expect(sent.map((m) => m.to).sort()).toEqual(['p-1@example.org', 'p-2@example.org']);
  });
});

describe('hours from the shift', () => {
  const hoursOf = async (studentId: string) =>
    (await (await w.h.as('director', 'GET', `/api/students/${studentId}`)).json()) as {
      totalHours: number;
      awaitingHours: number;
    };

  async function clockedShift(type: 'clinical' | 'lab' = 'clinical') {
    const [shift] = await w.post({ type, date: inDays(0), preceptorIds: [w.h.users.preceptor.id] });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    return { shift, booking };
  }

  it('clocked hours become an hours entry tied to the shift, counted only once the preceptor approves them', async () => {
    const { booking } = await clockedShift();
    const day = inDays(0);
    expect(
      await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T06:55`, atSite: true }),
    ).toMatchObject({
      status: 'applied',
    });
    const hoursEntryId = crypto.randomUUID();
    expect(
      await w.push(ana.email!, 'clockOutOfShift', { id: booking.id, hoursEntryId, at: `${day}T19:00` }),
    ).toMatchObject({ status: 'applied' });
    const entry = w.h.db.select().from(t.clinicalHours).where(eq(t.clinicalHours.id, hoursEntryId)).get()!;
    expect(entry).toMatchObject({ hoursCompleted: 12.08, shiftBookingId: booking.id, verifiedBy: null, date: day });
    expect(await hoursOf(ana.record.id)).toMatchObject({ totalHours: 0, awaitingHours: 12.1 });

    expect((await w.h.as('student', 'POST', `/api/shift-bookings/${booking.id}/approve-hours`)).status).toBe(403);
    const approved = await w.h.as('preceptor', 'POST', `/api/shift-bookings/${booking.id}/approve-hours`);
    expect(approved.status).toBe(200);
    expect(await hoursOf(ana.record.id)).toMatchObject({ totalHours: 12.1, awaitingHours: 0 });
  });

  it('a preceptor approves only the shifts they precept; staff who see the student approve any, and only clocked hours', async () => {
    // today's shift: a clock time is refused once its day is after today everywhere (before 10:00 UTC, tomorrow is)
    const day = inDays(0);
    const [shift] = await w.post({ date: day });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    const approve = (role: 'preceptor' | 'clinical_coordinator') =>
      w.h.as(role, 'POST', `/api/shift-bookings/${booking.id}/approve-hours`);
    expect((await approve('clinical_coordinator')).status).toBe(409);
    expect(
      await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:00`, atSite: null }),
    ).toMatchObject({ status: 'applied' });
    const hoursEntryId = crypto.randomUUID();
    expect(
      await w.push(ana.email!, 'clockOutOfShift', { id: booking.id, hoursEntryId, at: `${day}T19:00` }),
    ).toMatchObject({ status: 'applied' });
    expect((await approve('preceptor')).status).toBe(404);
    expect(await hoursOf(ana.record.id)).toMatchObject({ totalHours: 0, awaitingHours: 12 });
    expect((await approve('clinical_coordinator')).status).toBe(200);
    expect(await hoursOf(ana.record.id)).toMatchObject({ totalHours: 12, awaitingHours: 0 });
  });

  it('a clock-in outside the window or away from the site needs a reason', async () => {
    const { booking } = await clockedShift();
    const day = inDays(0);
    const late = await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:30`, atSite: null });
    expect(late).toMatchObject({ status: 'rejected', fields: { reason: SHIFT_MSG.clockReasonRequired } });
    const away = await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:00`, atSite: false });
    expect(away).toMatchObject({ status: 'rejected' });
    const explained = await w.push(ana.email!, 'clockIntoShift', {
      id: booking.id,
      at: `${day}T07:30`,
      atSite: false,
      reason: 'Ambulance bay entrance, GPS drifts',
    });
    expect(explained).toMatchObject({ status: 'applied' });
  });

  it('a lab shift logs no hours', async () => {
    const { booking } = await clockedShift('lab');
    const day = inDays(0);
    await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:00`, atSite: null });
    const out = await w.push(ana.email!, 'clockOutOfShift', {
      id: booking.id,
      hoursEntryId: crypto.randomUUID(),
      at: `${day}T19:00`,
    });
    expect(out).toMatchObject({ status: 'rejected', fields: { id: SHIFT_MSG.noHoursForLab } });
    expect(w.h.db.select().from(t.clinicalHours).all()).toHaveLength(0);
  });
});

describe("the program's clock-in window", () => {
  const setWindow = (role: Parameters<ShiftWorld['h']['as']>[0], programId: string, body: unknown) =>
    w.h.as(role, 'PUT', `/api/programs/${programId}/clock-window`, body);
  const programRow = () => w.h.db.select().from(t.programs).where(eq(t.programs.id, w.program.id)).get()!;

  it("is 10 minutes early to 5 late until set, then every clock-in to the program's shifts is judged by it", async () => {
    expect(programRow()).toMatchObject({ clockEarlyMinutes: 10, clockLateMinutes: 5 });
    const res = await setWindow('clinical_coordinator', w.program.id, { clockEarlyMinutes: 30, clockLateMinutes: 15 });
    expect(res.status).toBe(200);
    expect(programRow()).toMatchObject({ clockEarlyMinutes: 30, clockLateMinutes: 15 });
    const [shift] = await w.post({ date: inDays(0) });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    const day = inDays(0);
    const tooEarly = await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T06:20`, atSite: null });
    expect(tooEarly).toMatchObject({ status: 'rejected', fields: { reason: SHIFT_MSG.clockReasonRequired } });
    // 20 minutes late: outside the default window, inside the program's
    const late = await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:12`, atSite: null });
    expect(late).toMatchObject({ status: 'applied' });
  });

  it('only a coordinator, director or administration sets it; bad values and unknown programs change nothing', async () => {
    for (const role of ['student', 'instructor', 'preceptor'] as const)
      expect((await setWindow(role, w.program.id, { clockEarlyMinutes: 60, clockLateMinutes: 60 })).status).toBe(403);
    const bad = await setWindow('director', w.program.id, { clockEarlyMinutes: -1, clockLateMinutes: 'x' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      clockEarlyMinutes: SHIFT_MSG.windowRange,
      clockLateMinutes: SHIFT_MSG.windowRange,
    });
    expect((await setWindow('director', 'no-such-program', { clockEarlyMinutes: 1, clockLateMinutes: 1 })).status).toBe(
      404,
    );
    expect(programRow()).toMatchObject({ clockEarlyMinutes: 10, clockLateMinutes: 5 });
  });
});

describe("a clinical site's location and the at-the-site flag", () => {
  const LAT = 47.6062095;
  const LON = -122.3320708;
  const siteRow = () => w.h.db.select().from(t.clinicalSites).where(eq(t.clinicalSites.id, w.site.id)).get()!;
  const setLocation = (role: Parameters<ShiftWorld['h']['as']>[0], body: unknown) =>
    w.h.as(role, 'PUT', `/api/clinical-sites/${w.site.id}/location`, body);

  it('staff who manage sites set or clear it; others and bad values change nothing', async () => {
    expect((await setLocation('student', { latitude: LAT, longitude: LON, radiusMeters: 150 })).status).toBe(403);
    expect((await setLocation('instructor', { latitude: LAT, longitude: LON, radiusMeters: 150 })).status).toBe(403);
    const bad = await setLocation('clinical_coordinator', {
      latitude: 91,
      longitude: '1e400',
      radiusMeters: 5,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toEqual({
      latitude: SHIFT_MSG.latitudeRange,
      longitude: SHIFT_MSG.longitudeRange,
      radiusMeters: SHIFT_MSG.radiusRange,
    });
    const partial = await setLocation('clinical_coordinator', { latitude: LAT, longitude: null, radiusMeters: 100 });
    expect((await partial.json()).fields).toEqual({ latitude: SHIFT_MSG.siteLocationPartial });
    expect(siteRow()).toMatchObject({ latitude: null, longitude: null, radiusMeters: null });
    const set = await setLocation('clinical_coordinator', { latitude: LAT, longitude: LON, radiusMeters: 150 });
    expect(set.status).toBe(200);
    expect(siteRow()).toMatchObject({ latitude: LAT, longitude: LON, radiusMeters: 150 });
    expect((await setLocation('director', { latitude: null, longitude: null, radiusMeters: null })).status).toBe(200);
    expect(siteRow()).toMatchObject({ latitude: null, longitude: null, radiusMeters: null });
  });

  it("no coordinate a phone sends with its clock-in reaches the server's database, only the flag", async () => {
    const [shift] = await w.post({ date: inDays(0) });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    const phoneLat = 40.7127281;
    const phoneLon = -74.0060152;
    const result = await w.push(ana.email!, 'clockIntoShift', {
      id: booking.id,
      at: `${inDays(0)}T07:00`,
      atSite: true,
      latitude: phoneLat,
      longitude: phoneLon,
      coords: { latitude: phoneLat, longitude: phoneLon, accuracy: 12 },
    });
    expect(result).toMatchObject({ status: 'applied' });
    const row = w.h.db.select().from(t.shiftBookings).where(eq(t.shiftBookings.id, booking.id)).get()!;
    expect(row.clockInAtSite).toBe(true);
    const tables = w.h.db.$client
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'")
      .all() as { name: string }[];
    const everything = tables
      .map(({ name }) => JSON.stringify(w.h.db.$client.prepare(`select * from "${name}"`).all()))
      .join('\n');
    for (const n of ['40.71', '74.00']) expect(everything).not.toContain(n);
  });
});

describe('swapping, two-sided', () => {
  const accept = (who: { email: string | null }, shiftId: string, giveBookingId?: string) =>
    w.push(who.email!, 'acceptShiftSwap', { id: crypto.randomUUID(), shiftId, giveBookingId });
  const bookingsOf = (studentId: string) =>
    w.h.db.$client
      .prepare('select shift_id from shift_bookings where student_id = ? and deleted_at is null order by shift_id')
      .all(studentId)
      .map((r) => (r as { shift_id: string }).shift_id);

  it('a student offers their place, the shift shows the offer, and another student accepts it', async () => {
    const [shift] = await w.post({ slots: 1 });
    const mine = (await (await book(ana, shift.id)).json()) as BookingRow;
    expect(await accept(ben, shift.id)).toMatchObject({ status: 'rejected', message: SHIFT_MSG.noSwapOffer });
    await w.push(ana.email!, 'offerShiftSwap', { id: mine.id, offered: true });
    expect(shiftRow(shift.id)).toMatchObject({ bookedCount: 1, swapOffers: 1 });
    expect(await accept(ben, shift.id)).toMatchObject({ status: 'applied' });
    expect(bookingsOf(ben.record.id)).toEqual([shift.id]);
    expect(bookingsOf(ana.record.id)).toEqual([]);
    expect(shiftRow(shift.id)).toMatchObject({ bookedCount: 1, swapOffers: 0 });
  });

  it('a booked student gives their own shift in exchange: both shifts keep their counts', async () => {
    const [early] = await w.post({ slots: 1, startTime: '07:00' });
    const [late] = await w.post({ slots: 1, startTime: '19:00' });
    const anas = (await (await book(ana, early.id)).json()) as BookingRow;
    const bens = (await (await book(ben, late.id)).json()) as BookingRow;
    await w.push(ana.email!, 'offerShiftSwap', { id: anas.id, offered: true });
    expect(await accept(ben, early.id, bens.id)).toMatchObject({ status: 'applied' });
    expect(bookingsOf(ben.record.id)).toEqual([early.id]);
    expect(bookingsOf(ana.record.id)).toEqual([late.id]);
    expect([shiftRow(early.id).bookedCount, shiftRow(late.id).bookedCount]).toEqual([1, 1]);
  });

  it('the offering student is not given a place on a shift whose sign-up has closed, and nothing changes', async () => {
    const [early] = await w.post({ slots: 1, date: inDays(3) });
    const [late] = await w.post({ slots: 1, date: inDays(3), startTime: '19:00' });
    const anas = (await (await book(ana, early.id)).json()) as BookingRow;
    const bens = (await (await book(ben, late.id)).json()) as BookingRow;
    const closing = await w.h.as('clinical_coordinator', 'PATCH', `/api/shifts/${late.id}`, {
      changes: { signupClosesDaysBefore: 5 },
    });
    expect(closing.status).toBe(200);
    await w.push(ana.email!, 'offerShiftSwap', { id: anas.id, offered: true });
    expect(await accept(ben, early.id, bens.id)).toMatchObject({
      status: 'rejected',
      message: SHIFT_MSG.swapGivenOutsideSignup,
    });
    expect(bookingsOf(ana.record.id)).toEqual([early.id]);
    expect(bookingsOf(ben.record.id)).toEqual([late.id]);
    expect(shiftRow(early.id)).toMatchObject({ bookedCount: 1, swapOffers: 1 });
  });

  it("the taker must meet the shift's compliance, and the offering student the given shift's", async () => {
    const [gated] = await w.post({ slots: 1, requiredCredentials: ['immunization'] });
    const [other] = await w.post({ slots: 1, startTime: '19:00', requiredCredentials: ['cpr'] });
    asSystem(w.h.db, 'fixture', (ctx) => {
      for (const s of [ana, ben])
        ctx.insert(t.studentCredentials, {
          studentId: s.record.id,
          kind: 'immunization',
          expiresOn: inDays(365),
          recordedBy: w.h.users.instructor.id,
        });
      ctx.insert(t.studentCredentials, {
        studentId: ben.record.id,
        kind: 'cpr',
        expiresOn: inDays(365),
        recordedBy: w.h.users.instructor.id,
      });
    });
    const anas = (await (await book(ana, gated.id)).json()) as BookingRow;
    const bens = (await (await book(ben, other.id)).json()) as BookingRow;
    await w.push(ana.email!, 'offerShiftSwap', { id: anas.id, offered: true });
    const cara = w.student('P-3');
    expect(await accept(cara, gated.id)).toMatchObject({ status: 'rejected', message: 'No immunization on file' });
    expect(await accept(ben, gated.id, bens.id)).toMatchObject({
      status: 'rejected',
      message: SHIFT_MSG.swapPartnerNotCompliant,
    });
    expect(bookingsOf(ana.record.id)).toEqual([gated.id]);
    expect(bookingsOf(ben.record.id)).toEqual([other.id]);
  });
});

describe("recording students' compliance records", () => {
  const records = () => w.h.db.select().from(t.studentCredentials).all();

  it('refuses bad input with the field, students and preceptors, and changes nothing', async () => {
    const bad = await w.h.as('instructor', 'POST', '/api/student-credentials', {
      studentId: ana.record.id,
      kind: 'tattoo',
      expiresOn: '31/12/2027',
      recordedBy: w.h.users.director.id,
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).fields).toMatchObject({ kind: SHIFT_MSG.credentialKindRequired });
    for (const role of ['student', 'preceptor'] as const) {
      const res = await w.h.as(role, 'POST', '/api/student-credentials', { studentId: ana.record.id, kind: 'cpr' });
      expect(res.status).toBe(403);
    }
    const unknown = await w.h.as('instructor', 'POST', '/api/student-credentials', {
      studentId: 'nobody',
      kind: 'cpr',
    });
    expect((await unknown.json()).fields).toEqual({ studentId: 'Student not found' });
    expect(records()).toEqual([]);
  });

  it('records who recorded it, whatever the body says', async () => {
    const res = await w.h.as('instructor', 'POST', '/api/student-credentials', {
      studentId: ana.record.id,
      kind: 'cpr',
      expiresOn: inDays(300),
      recordedBy: w.h.users.director.id,
    });
    expect(res.status).toBe(201);
    expect(records()).toEqual([
      expect.objectContaining({ kind: 'cpr', expiresOn: inDays(300), recordedBy: w.h.users.instructor.id }),
    ]);
  });
});

describe("a shift's clocked hours signed off by the preceptor", () => {
  it("count in the student's figures only once the preceptor confirms the sign-off", async () => {
    const sent: { to: string; text: string }[] = [];
    w = shiftWorld({ mailer: { send: async (m) => void sent.push(m) } });
    ana = w.student('P-1');
    const preceptorMail = 'sam.rivera@mercy.example';
    // the site, serving EMS programs, lists its preceptor's address, so his confirmation by link counts at once
    asSystem(w.h.db, 'fixture', (ctx) =>
      ctx.update(t.clinicalSites, w.site, { email: preceptorMail, programTypes: ['ems'] }),
    );
    const [shift] = await w.post({ date: inDays(0) });
    const booking = (await (await book(ana, shift.id)).json()) as BookingRow;
    const day = inDays(0);
    await w.push(ana.email!, 'clockIntoShift', { id: booking.id, at: `${day}T07:00`, atSite: null });
    const hoursEntryId = crypto.randomUUID();
    await w.push(ana.email!, 'clockOutOfShift', { id: booking.id, hoursEntryId, at: `${day}T19:00` });
    const figures = async () =>
      (await (await w.h.as('director', 'GET', `/api/students/${ana.record.id}`)).json()) as {
        totalHours: number;
        awaitingHours: number;
      };
    expect(await figures()).toMatchObject({ totalHours: 0, awaitingHours: 12 });

    const records = [{ kind: 'hours' as const, id: hoursEntryId }];
    const content = signedContent(ana.record.id, {
      attempts: [],
      contacts: [],
      hours: w.h.db.select().from(t.clinicalHours).where(eq(t.clinicalHours.id, hoursEntryId)).all(),
    });
    const args = {
      id: crypto.randomUUID(),
      studentId: ana.record.id,
      records,
      contentHash: sha256(content),
      previousHash: null,
      deviceId: 'device-0001',
      capturedAt: `${day}T19:05:00.000Z`,
      preceptor: {
        name: 'Sam Rivera',
        credential: 'Paramedic' as const,
        number: 'NRP 1',
        agency: 'Mercy',
        contact: preceptorMail,
      },
      attested: true as const,
      evaluation: {},
      teamLeadScores: {},
      signature: { width: 300, height: 120, strokes: [[10, 10, 40, 30, 80, 20]] },
      hash: '',
    };
    const signOff = await w.asStudent(ana.email!, 'POST', '/api/sign-offs', {
      ...args,
      hash: sha256(signOffContent(args)),
    });
    expect(signOff.status).toBe(201);
    expect(await figures()).toMatchObject({ totalHours: 0, awaitingHours: 12 });

    await w.h.signOffMail.run();
    const token = /\/sign-off\/([\w-]+)/.exec(sent.find((m) => m.to === preceptorMail)!.text)![1];
    const confirmed = await w.h.as(null, 'POST', `/api/sign-off-links/${token}`, { decision: 'confirm' });
    expect(confirmed.status).toBe(200);
    expect(await figures()).toMatchObject({ totalHours: 12, awaitingHours: 0 });
  });
});

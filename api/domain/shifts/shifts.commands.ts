/**
 * Shift scheduling (issue 30). Staff post shifts (one or a weekly series) and edit or cancel them online; students
 * book, drop, offer to swap, clock in and out from their phone, offline too, and the push decides each queued write
 * here in arrival order, inside its immediate transaction: the first booking to reach the last slot gets it, the next
 * is refused "slot taken". The shift's `bookedCount` moves in the same transaction as its bookings (and a trigger,
 * 0014_shifts.sql, refuses any write past the slots), so no order of bookings, drops and slot edits overbooks.
 */
import { and, asc, eq, gte, isNull } from 'drizzle-orm';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { conflict, forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { isStudentThemself } from '#api/permissions/same-person.ts';
import { inProgram, ownStudentRecords, studentFieldNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { overDayLimit } from '#schema/clinical-hours.ts';
import { MSG, SHIFT_MSG, shiftCancelledNotice } from '#schema/messages.ts';
import {
  clockedHours,
  clockFarFromShift,
  clockInNeedsReason,
  clockOutNeedsReason,
  complianceGaps,
  minutesFromStart,
  seriesDates,
  SHIFT_HOUR_TYPE,
  shiftLabel,
  type ShiftType,
  signupInOrder,
  signupRefusal,
} from '#schema/shift.ts';
import {
  acceptSwapSchema,
  bookingByIdSchema,
  bookShiftSchema,
  cancelShiftSchema,
  clockInSchema,
  clockOutSchema,
  clockWindowSchema,
  createShiftSchema,
  credentialSchema,
  editShiftSchema,
  offerSwapSchema,
  siteLocationSchema,
} from '#schema/shift-schema.ts';
import * as t from '#schema/tables.ts';

type ShiftRow = typeof t.shifts.$inferSelect;
type BookingRow = typeof t.shiftBookings.$inferSelect;
type StudentRow = typeof t.students.$inferSelect;

/** A live shift of a program the actor works or studies in; any other id answers as one that exists nowhere. */
function visibleShift(ctx: CommandContext, id: string): ShiftRow {
  const shift = ctx.find(t.shifts, id);
  if (!shift || !inProgram(ctx.tx, ctx.actor, shift.programId)) throw notFound('Shift');
  return shift;
}

/** A shift the actor may manage: `shifts.manage` and the shift's program in their scope. */
function managedShift(ctx: CommandContext, id: string): ShiftRow {
  assertCan(ctx.actor, 'shifts.manage');
  return visibleShift(ctx, id);
}

/** A live booking of a student the actor sees (a student: their own), else not found. */
function visibleBooking(ctx: CommandContext, id: string): { booking: BookingRow; shift: ShiftRow } {
  const booking = ctx.find(t.shiftBookings, id);
  if (!booking) throw notFound('Booking');
  visibleStudentOr(ctx.tx, ctx.actor, booking.studentId, () => notFound('Booking'));
  return { booking, shift: ctx.get(t.shifts, booking.shiftId, 'Shift') };
}

/** The student's own live booking, for what only the student does on their shift (clock in and out). */
function ownBooking(ctx: CommandContext, id: string) {
  assertCan(ctx.actor, 'shifts.book');
  return visibleBooking(ctx, id);
}

function assertProgramInScope(ctx: CommandContext, programId: string) {
  if (!ctx.find(t.programs, programId) || !inProgram(ctx.tx, ctx.actor, programId))
    throw invalid({ programId: 'Program not found' });
}

function assertSiteAndPreceptors(ctx: CommandContext, siteId: string | null | undefined, preceptorIds?: string[]) {
  if (siteId && !ctx.find(t.clinicalSites, siteId)) throw invalid({ clinicalSiteId: 'Clinical site not found' });
  for (const id of preceptorIds ?? []) {
    const user = ctx.find(t.users, id);
    if (!user || user.role === 'student') throw invalid({ preceptorIds: 'Preceptor not found' });
  }
}

export const createShift = defineCommand({
  name: 'createShift',
  args: createShiftSchema,
  apply(ctx, { repeatWeeks, date, ...fields }) {
    assertCan(ctx.actor, 'shifts.manage');
    assertProgramInScope(ctx, fields.programId);
    assertSiteAndPreceptors(ctx, fields.clinicalSiteId, fields.preceptorIds);
    const dates = seriesDates(date, repeatWeeks);
    const first = ctx.insert(t.shifts, { ...fields, date, createdBy: ctx.actor.id });
    if (dates.length === 1) return [first];
    const series = [ctx.update(t.shifts, first, { seriesId: first.id })];
    for (const day of dates.slice(1))
      series.push(ctx.insert(t.shifts, { ...fields, date: day, seriesId: first.id, createdBy: ctx.actor.id }));
    return series;
  },
});

/** The shift and, for `following`, every later live shift of its series that is not cancelled. */
function shiftsToEdit(ctx: CommandContext, shift: ShiftRow, scope: 'one' | 'following'): ShiftRow[] {
  if (scope === 'one' || !shift.seriesId) return [shift];
  const s = t.shifts;
  return ctx.tx
    .select()
    .from(s)
    .where(and(eq(s.seriesId, shift.seriesId), gte(s.date, shift.date), isNull(s.deletedAt), isNull(s.cancelledAt)))
    .orderBy(asc(s.date))
    .all();
}

export const editShift = defineCommand({
  name: 'editShift',
  args: editShiftSchema,
  apply(ctx, { id, scope, changes }) {
    const shift = managedShift(ctx, id);
    if (shift.cancelledAt) throw conflict(SHIFT_MSG.cancelled);
    assertSiteAndPreceptors(ctx, changes.clinicalSiteId, changes.preceptorIds);
    const targets = shiftsToEdit(ctx, shift, scope);
    if (changes.slots !== undefined && targets.some((s) => s.bookedCount > changes.slots!))
      throw invalid({ slots: SHIFT_MSG.slotsBelowBooked });
    if (targets.some((s) => !signupInOrder({ ...s, ...changes })))
      throw invalid({ signupOpensDaysBefore: SHIFT_MSG.signupOrder });
    return targets.map((s) => ctx.update(t.shifts, s, changes));
  },
});

/** What to mail once the cancel is stored: to each booked student with an address. */
export interface ShiftMail {
  to: string;
  subject: string;
  text: string;
}

export const cancelShift = defineCommand({
  name: 'cancelShift',
  args: cancelShiftSchema,
  apply(ctx, { id, reason }): { shift: ShiftRow; mail: ShiftMail[] } {
    const shift = managedShift(ctx, id);
    if (shift.cancelledAt) return { shift, mail: [] };
    const site = shift.clinicalSiteId ? ctx.find(t.clinicalSites, shift.clinicalSiteId) : undefined;
    const notice = shiftCancelledNotice(shiftLabel(shift, site?.name), reason);
    const mail: ShiftMail[] = [];
    for (const booking of liveBookings(ctx, shift.id)) {
      const student = ctx.find(t.students, booking.studentId);
      ctx.remove(t.shiftBookings, booking, reason);
      if (!student) continue;
      const user = student.userId ? ctx.find(t.users, student.userId) : undefined;
      if (user && user.id !== ctx.actor.id)
        ctx.insert(t.messages, { senderId: ctx.actor.id, recipientId: user.id, ...notice, category: 'clinical' });
      mail.push({ to: student.email, subject: notice.subject, text: notice.content });
    }
    const cancelled = ctx.update(t.shifts, shift, {
      cancelledAt: ctx.now,
      cancelReason: reason,
      bookedCount: 0,
      swapOffers: 0,
    });
    return { shift: cancelled, mail };
  },
});

const liveBookings = (ctx: CommandContext, shiftId: string) =>
  ctx.tx
    .select()
    .from(t.shiftBookings)
    .where(and(eq(t.shiftBookings.shiftId, shiftId), isNull(t.shiftBookings.deletedAt)))
    .all();

/** Who a booking is for: a student books themself (their record in the shift's program); staff name the student. */
function bookingStudent(ctx: CommandContext, shift: ShiftRow, studentId: string | null): StudentRow {
  if (ctx.actor.role === 'student') {
    assertCan(ctx.actor, 'shifts.book');
    const own = ownStudentRecords(ctx.tx, ctx.actor).find((s) => s.programId === shift.programId);
    if (!own || (studentId && studentId !== own.id)) throw invalid({ shiftId: SHIFT_MSG.notInProgram });
    return own;
  }
  assertCan(ctx.actor, 'shifts.manage');
  if (!studentId) throw invalid({ studentId: 'Student is required' });
  const student = visibleStudentOr(ctx.tx, ctx.actor, studentId, studentFieldNotFound);
  if (student.programId !== shift.programId) throw invalid({ studentId: SHIFT_MSG.notInProgram });
  return student;
}

/** Why this student may not be on this shift: its required records missing or expired by the shift's day. */
function credentialGaps(ctx: CommandContext, shift: ShiftRow, studentId: string): string[] {
  if (shift.requiredCredentials.length === 0) return [];
  const records = ctx.tx
    .select({ kind: t.studentCredentials.kind, expiresOn: t.studentCredentials.expiresOn })
    .from(t.studentCredentials)
    .where(and(eq(t.studentCredentials.studentId, studentId), isNull(t.studentCredentials.deletedAt)))
    .all();
  return complianceGaps(shift.requiredCredentials, records, shift.date);
}

/** The place offered for a swap on this shift that another student may take (the earliest offer), if any. */
const offeredPlace = (ctx: CommandContext, shift: ShiftRow, takerId: string) =>
  shift.allowSwap
    ? liveBookings(ctx, shift.id)
        .filter((b) => b.swapOffered && !b.clockInAt && b.studentId !== takerId)
        .sort((a, b) => a.updatedAt.localeCompare(b.updatedAt))[0]
    : undefined;

/** Ends the offered booking and tells its student what happened to their place. */
function handOver(ctx: CommandContext, shift: ShiftRow, offered: BookingRow, content: string): ShiftRow {
  ctx.remove(t.shiftBookings, offered, 'swapped');
  const user = ctx.find(t.students, offered.studentId)?.userId;
  if (user && user !== ctx.actor.id)
    ctx.insert(t.messages, {
      senderId: ctx.actor.id,
      recipientId: user,
      subject: `Shift swapped: ${shiftLabel(shift)}`,
      content,
      category: 'clinical',
    });
  return ctx.update(t.shifts, shift, { bookedCount: shift.bookedCount - 1, swapOffers: shift.swapOffers - 1 });
}
const TAKEN_NOTICE = 'Another student took the place you offered to swap. You are no longer booked on this shift.';

/**
 * A full shift whose place someone offered to swap: the new booking takes that place, the offering student's booking
 * ends and they are told. Otherwise the slot is taken.
 */
function placeFor(ctx: CommandContext, shift: ShiftRow, takerId: string): ShiftRow {
  if (shift.bookedCount < shift.slots) return shift;
  const offered = offeredPlace(ctx, shift, takerId);
  if (!offered) throw conflict(SHIFT_MSG.slotTaken);
  return handOver(ctx, shift, offered, TAKEN_NOTICE);
}

export const bookShift = defineCommand({
  name: 'bookShift',
  offline: true,
  args: bookShiftSchema,
  apply(ctx, { id, shiftId, studentId }) {
    const shift = visibleShift(ctx, shiftId);
    if (shift.cancelledAt) throw conflict(SHIFT_MSG.cancelled);
    const student = bookingStudent(ctx, shift, studentId);
    const existing = liveBookings(ctx, shift.id).find((b) => b.studentId === student.id);
    if (existing) throw conflict(SHIFT_MSG.alreadyBooked);
    const closed = ctx.actor.role === 'student' && signupRefusal(shift, ctx.now.slice(0, 10));
    if (closed) throw conflict(closed);
    const gaps = credentialGaps(ctx, shift, student.id);
    if (gaps.length) throw conflict(gaps.join('; '), { shiftId: gaps.join('; ') });
    const open = placeFor(ctx, shift, student.id);
    const booking = ctx.insert(t.shiftBookings, { id, shiftId, studentId: student.id, bookedBy: ctx.actor.id });
    ctx.update(t.shifts, open, { bookedCount: open.bookedCount + 1 });
    return booking;
  },
});

/** Whether the shift starts within its drop cutoff of now (the server's clock read as the shift's wall time). */
function pastDropCutoff(ctx: CommandContext, shift: ShiftRow): boolean {
  return minutesFromStart(shift, ctx.now.slice(0, 16)) > -shift.dropCutoffHours * 60;
}

export const dropShiftBooking = defineCommand({
  name: 'dropShiftBooking',
  offline: true,
  args: bookingByIdSchema,
  apply(ctx, { id }) {
    const { booking, shift } = visibleBooking(ctx, id);
    if (booking.clockInAt) throw conflict(SHIFT_MSG.alreadyClockedIn);
    if (ctx.actor.role === 'student') {
      assertCan(ctx.actor, 'shifts.book');
      if (!shift.allowDrop) throw conflict(SHIFT_MSG.dropNotAllowed);
      if (pastDropCutoff(ctx, shift)) throw conflict(SHIFT_MSG.dropTooLate);
    } else assertCan(ctx.actor, 'shifts.manage');
    ctx.remove(t.shiftBookings, booking, 'dropped');
    ctx.update(t.shifts, shift, {
      bookedCount: shift.bookedCount - 1,
      swapOffers: shift.swapOffers - (booking.swapOffered ? 1 : 0),
    });
  },
});

const offerShiftSwap = defineCommand({
  name: 'offerShiftSwap',
  offline: true,
  args: offerSwapSchema,
  apply(ctx, { id, offered }) {
    const { booking, shift } = ownBooking(ctx, id);
    if (offered && !shift.allowSwap) throw conflict(SHIFT_MSG.swapNotAllowed);
    if (booking.clockInAt) throw conflict(SHIFT_MSG.alreadyClockedIn);
    if (booking.swapOffered !== offered)
      ctx.update(t.shifts, shift, { swapOffers: shift.swapOffers + (offered ? 1 : -1) });
    return ctx.update(t.shiftBookings, booking, { swapOffered: offered });
  },
});

/** The booking the taker gives in exchange: their own, live, not clocked, on another live shift. */
function givenBooking(ctx: CommandContext, id: string, shiftId: string) {
  const given = ownBooking(ctx, id);
  if (given.booking.clockInAt) throw conflict(SHIFT_MSG.alreadyClockedIn);
  if (given.shift.id === shiftId) throw invalid({ giveBookingId: SHIFT_MSG.swapSameShift });
  if (given.shift.cancelledAt) throw conflict(SHIFT_MSG.cancelled);
  return given;
}

/**
 * The other side of a swap: a student takes a place another student offered on a shift, under the rules of a booking
 * (their program, sign-up window, compliance). Given one of their own bookings in exchange, the offering student gets
 * that place if they may (in its program, not already booked there, compliant, its sign-up open); otherwise nothing
 * changes and the taker is told why. Each shift keeps its number of bookings, so a swap never overbooks.
 */
const acceptShiftSwap = defineCommand({
  name: 'acceptShiftSwap',
  offline: true,
  args: acceptSwapSchema,
  apply(ctx, { id, shiftId, giveBookingId }) {
    assertCan(ctx.actor, 'shifts.book');
    const shift = visibleShift(ctx, shiftId);
    if (shift.cancelledAt) throw conflict(SHIFT_MSG.cancelled);
    const taker = bookingStudent(ctx, shift, null);
    if (liveBookings(ctx, shift.id).some((b) => b.studentId === taker.id)) throw conflict(SHIFT_MSG.alreadyBooked);
    const closed = signupRefusal(shift, ctx.now.slice(0, 10));
    if (closed) throw conflict(closed);
    const gaps = credentialGaps(ctx, shift, taker.id);
    if (gaps.length) throw conflict(gaps.join('; '), { shiftId: gaps.join('; ') });
    const given = giveBookingId ? givenBooking(ctx, giveBookingId, shift.id) : undefined;
    const offered = offeredPlace(ctx, shift, taker.id);
    if (!offered) throw conflict(SHIFT_MSG.noSwapOffer);
    if (given) exchange(ctx, given, offered.studentId);
    const notice = given
      ? `Another student took the place you offered and gave you theirs: ${shiftLabel(given.shift)}.`
      : TAKEN_NOTICE;
    const open = handOver(ctx, shift, offered, notice);
    const booking = ctx.insert(t.shiftBookings, { id, shiftId, studentId: taker.id, bookedBy: ctx.actor.id });
    ctx.update(t.shifts, open, { bookedCount: open.bookedCount + 1 });
    return booking;
  },
});

/** The taker's given booking becomes the offering student's, if they may have it. */
function exchange(ctx: CommandContext, given: { booking: BookingRow; shift: ShiftRow }, partnerId: string) {
  // the taker may hold places in two programs; the offering student only takes one of their own program
  if (ctx.find(t.students, partnerId)?.programId !== given.shift.programId)
    throw conflict(SHIFT_MSG.swapPartnerNotInProgram);
  if (liveBookings(ctx, given.shift.id).some((b) => b.studentId === partnerId))
    throw conflict(SHIFT_MSG.swapPartnerBooked);
  if (credentialGaps(ctx, given.shift, partnerId).length) throw conflict(SHIFT_MSG.swapPartnerNotCompliant);
  // the offering student takes the place as a booking of their own, which a student makes only while sign-up is open
  if (signupRefusal(given.shift, ctx.now.slice(0, 10))) throw conflict(SHIFT_MSG.swapGivenOutsideSignup);
  ctx.remove(t.shiftBookings, given.booking, 'swapped');
  ctx.insert(t.shiftBookings, { shiftId: given.shift.id, studentId: partnerId, bookedBy: ctx.actor.id });
  if (given.booking.swapOffered) ctx.update(t.shifts, given.shift, { swapOffers: given.shift.swapOffers - 1 });
}

const clockIntoShift = defineCommand({
  name: 'clockIntoShift',
  offline: true,
  args: clockInSchema,
  apply(ctx, { id, at, atSite, reason }) {
    const { booking, shift } = ownBooking(ctx, id);
    if (shift.cancelledAt) throw conflict(SHIFT_MSG.cancelled);
    if (booking.clockInAt) throw conflict(SHIFT_MSG.alreadyClockedIn);
    if (clockFarFromShift(shift, at)) throw invalid({ at: SHIFT_MSG.clockFarFromShift });
    const program = ctx.get(t.programs, shift.programId, 'Program');
    if (booking.swapOffered) ctx.update(t.shifts, shift, { swapOffers: shift.swapOffers - 1 });
    if (!reason && clockInNeedsReason(shift, program, at, atSite))
      throw invalid({ reason: SHIFT_MSG.clockReasonRequired });
    return ctx.update(t.shiftBookings, booking, {
      clockInAt: at,
      clockInAtSite: atSite,
      clockInReason: reason,
      swapOffered: false,
    });
  },
});

/** The hours entry a clock-out makes: the student's own, waiting for the preceptor's sign-off or staff approval. */
function hoursFromShift(ctx: CommandContext, shift: ShiftRow, booking: BookingRow, entryId: string, outAt: string) {
  const hourType = SHIFT_HOUR_TYPE[shift.type as ShiftType];
  if (!hourType) throw invalid({ id: SHIFT_MSG.noHoursForLab });
  const inAt = booking.clockInAt!;
  const hoursCompleted = clockedHours(inAt, outAt);
  if (hoursCompleted <= 0) throw invalid({ at: SHIFT_MSG.clockOutBeforeIn });
  if (overDayLimit(hoursOn(ctx, booking.studentId, inAt.slice(0, 10)), hoursCompleted))
    throw invalid({ at: MSG.hoursDayOver24 });
  const preceptors = shift.preceptorIds.map((p) => ctx.find(t.users, p)).filter((u) => u !== undefined);
  return ctx.insert(t.clinicalHours, {
    id: entryId,
    studentId: booking.studentId,
    clinicalSiteId: shift.clinicalSiteId,
    date: inAt.slice(0, 10),
    hoursCompleted,
    startTime: inAt.slice(11, 16),
    endTime: outAt.slice(11, 16),
    hourType,
    unit: shift.unit,
    preceptorName: preceptors.map((u) => `${u.firstName} ${u.lastName}`).join(', ') || null,
    notes: [booking.clockInReason, booking.clockOutReason].filter(Boolean).join('; ') || null,
    recordedBy: ctx.actor.id,
    verifiedBy: null,
    verifiedAt: null,
    shiftBookingId: booking.id,
  });
}

const hoursOn = (ctx: CommandContext, studentId: string, date: string) =>
  ctx.tx
    .select({ hours: t.clinicalHours.hoursCompleted })
    .from(t.clinicalHours)
    .where(
      and(eq(t.clinicalHours.studentId, studentId), eq(t.clinicalHours.date, date), isNull(t.clinicalHours.deletedAt)),
    )
    .all()
    .reduce((sum, h) => sum + h.hours, 0);

const clockOutOfShift = defineCommand({
  name: 'clockOutOfShift',
  offline: true,
  args: clockOutSchema,
  apply(ctx, { id, hoursEntryId, at, reason }) {
    const { booking, shift } = ownBooking(ctx, id);
    if (!booking.clockInAt) throw conflict(SHIFT_MSG.notClockedIn);
    if (booking.clockOutAt) throw conflict(SHIFT_MSG.alreadyClockedOut);
    const program = ctx.get(t.programs, shift.programId, 'Program');
    if (!reason && clockOutNeedsReason(shift, program, at)) throw invalid({ reason: SHIFT_MSG.clockOutReasonRequired });
    const out = ctx.update(t.shiftBookings, booking, { clockOutAt: at, clockOutReason: reason, hoursEntryId });
    hoursFromShift(ctx, shift, out, hoursEntryId, at);
    return out;
  },
});

/**
 * Staff approve a shift's clocked hours: their word verifies the entry, as when staff log hours. A preceptor may
 * approve only the shifts they precept; everyone else the students they see; nobody the student's own hours, from
 * another account under one of the student's addresses either.
 */
export const approveShiftHours = defineCommand({
  name: 'approveShiftHours',
  args: bookingByIdSchema,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'shifts.approveHours');
    const { booking, shift } = visibleBooking(ctx, id);
    if (ctx.actor.role === 'preceptor' && !shift.preceptorIds.includes(ctx.actor.id)) throw notFound('Booking');
    if (isStudentThemself(ctx.tx, ctx.actor.id, ctx.get(t.students, booking.studentId, 'Student')))
      throw forbidden(SHIFT_MSG.ownHours);
    const entry = booking.hoursEntryId ? ctx.find(t.clinicalHours, booking.hoursEntryId) : undefined;
    if (!entry) throw conflict(SHIFT_MSG.notClockedIn);
    if (entry.verifiedBy) return entry;
    return ctx.update(t.clinicalHours, entry, { verifiedBy: ctx.actor.id, verifiedAt: ctx.now });
  },
});

export const recordCredential = defineCommand({
  name: 'recordCredential',
  args: credentialSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'credentials.record');
    const student = visibleStudentOr(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    // a compliance record lets its student on a shift: nobody vouches for their own, from a second account either
    if (isStudentThemself(ctx.tx, ctx.actor.id, student)) throw forbidden(SHIFT_MSG.ownCredential);
    return ctx.insert(t.studentCredentials, { ...args, recordedBy: ctx.actor.id });
  },
});

/** A program's clock-in window, which every clock-in to its shifts is judged by, on the phone as here. */
export const setClockWindow = defineCommand({
  name: 'setClockWindow',
  args: clockWindowSchema,
  apply(ctx, { programId, ...window }) {
    // its callers (directors, administration, coordinators) see every program, as for a program's requirements
    assertCan(ctx.actor, 'shifts.configure');
    return ctx.update(t.programs, ctx.get(t.programs, programId, 'Program'), window);
  },
});

/**
 * A clinical site's location and radius (or none). Phones compare their own position with it and send only whether
 * they are within it; this is the only place coordinates are written, and they are the site's.
 */
export const setSiteLocation = defineCommand({
  name: 'setSiteLocation',
  args: siteLocationSchema,
  apply(ctx, { clinicalSiteId, ...location }) {
    assertCan(ctx.actor, 'sites.manage');
    return ctx.update(t.clinicalSites, ctx.get(t.clinicalSites, clinicalSiteId, 'Clinical site'), location);
  },
});

export const shiftCommands = [
  setClockWindow,
  setSiteLocation,
  createShift,
  editShift,
  cancelShift,
  bookShift,
  dropShiftBooking,
  offerShiftSwap,
  acceptShiftSwap,
  clockIntoShift,
  clockOutOfShift,
  approveShiftHours,
  recordCredential,
];

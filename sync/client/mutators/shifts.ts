/**
 * The shift writes a student's phone may queue offline (issue 30), with the server commands' own argument schemas.
 * A booking shows on the phone at once, marked pending until the server decides it (the outbox's entity keys); the
 * server may still refuse it ("slot taken"), and the next pull then takes the optimistic row back.
 */

import { clockedHours, SHIFT_HOUR_TYPE, type ShiftType } from '#schema/shift.ts';
import {
  acceptSwapSchema,
  bookingByIdSchema,
  bookShiftSchema,
  clockInSchema,
  clockOutSchema,
  offerSwapSchema,
} from '#schema/shift-schema.ts';

import { entityKey } from '../entity-keys.ts';
import type { LocalWriter } from '../local-writer.ts';
import { mutator, type MutatorContext, stamp } from './mutator.ts';

/** The student the booking is for: the one named, else the signed-in user's own record in the shift's program. */
async function bookingStudentId(w: LocalWriter, programId: string, named: string | null, ctx: MutatorContext) {
  if (named) return named;
  const own = await w.all('students', 'userId', ctx.userId);
  return own.find((s) => s.programId === programId)?.id;
}

async function moveBookedCount(w: LocalWriter, shiftId: string, by: number) {
  const shift = await w.get('shifts', shiftId);
  if (shift) await w.update('shifts', shiftId, { bookedCount: Math.max(0, shift.bookedCount + by) });
}

/** The signed-in student's (or the named student's) booking on the shift, as the phone shows it until the server decides. */
async function putBooking(w: LocalWriter, id: string, shiftId: string, named: string | null, ctx: MutatorContext) {
  const shift = await w.get('shifts', shiftId);
  const student = shift && (await bookingStudentId(w, shift.programId, named, ctx));
  if (!student) return false;
  await w.put('shiftBookings', {
    id,
    shiftId,
    studentId: student,
    bookedBy: ctx.userId,
    swapOffered: false,
    clockInAt: null,
    clockInAtSite: null,
    clockInReason: null,
    clockOutAt: null,
    clockOutReason: null,
    hoursEntryId: null,
    ...stamp(ctx),
  });
  return true;
}

export const SHIFT_MUTATORS = {
  bookShift: mutator({
    args: bookShiftSchema,
    creates: true,
    entityKeys: (a) => [entityKey('shiftBookings', a.id!), entityKey('shifts', a.shiftId)],
    async apply(w, { id, shiftId, studentId }, ctx) {
      if (await putBooking(w, id!, shiftId, studentId, ctx)) await moveBookedCount(w, shiftId, 1);
    },
  }),
  /** Taking an offered place keeps every shift's count; the offering student's booking is not on this phone. */
  acceptShiftSwap: mutator({
    args: acceptSwapSchema,
    creates: true,
    entityKeys: (a) => [
      entityKey('shiftBookings', a.id!),
      entityKey('shifts', a.shiftId),
      ...(a.giveBookingId ? [entityKey('shiftBookings', a.giveBookingId)] : []),
    ],
    async apply(w, { id, shiftId, giveBookingId }, ctx) {
      if (!(await putBooking(w, id!, shiftId, null, ctx))) return;
      const shift = await w.get('shifts', shiftId);
      if (shift) await w.update('shifts', shiftId, { swapOffers: Math.max(0, shift.swapOffers - 1) });
      if (giveBookingId) await w.delete('shiftBookings', giveBookingId);
    },
  }),
  dropShiftBooking: mutator({
    args: bookingByIdSchema,
    entityKeys: (a) => [entityKey('shiftBookings', a.id)],
    async apply(w, { id }) {
      const booking = await w.get('shiftBookings', id);
      if (!booking) return;
      await w.delete('shiftBookings', id);
      await moveBookedCount(w, booking.shiftId, -1);
    },
  }),
  offerShiftSwap: mutator({
    args: offerSwapSchema,
    entityKeys: (a) => [entityKey('shiftBookings', a.id)],
    async apply(w, { id, offered }, ctx) {
      const booking = await w.get('shiftBookings', id);
      const shift = booking && booking.swapOffered !== offered && (await w.get('shifts', booking.shiftId));
      if (shift) await w.update('shifts', shift.id, { swapOffers: Math.max(0, shift.swapOffers + (offered ? 1 : -1)) });
      await w.update('shiftBookings', id, { swapOffered: offered, updatedAt: ctx.now });
    },
  }),
  clockIntoShift: mutator({
    args: clockInSchema,
    entityKeys: (a) => [entityKey('shiftBookings', a.id)],
    async apply(w, { id, at, atSite, reason }, ctx) {
      await w.update('shiftBookings', id, {
        clockInAt: at,
        clockInAtSite: atSite,
        clockInReason: reason,
        swapOffered: false,
        updatedAt: ctx.now,
      });
    },
  }),
  clockOutOfShift: mutator({
    args: clockOutSchema,
    entityKeys: (a) => [entityKey('shiftBookings', a.id), entityKey('clinicalHours', a.hoursEntryId)],
    async apply(w, { id, hoursEntryId, at, reason }, ctx) {
      const booking = await w.get('shiftBookings', id);
      const shift = booking && (await w.get('shifts', booking.shiftId));
      const hourType = shift && SHIFT_HOUR_TYPE[shift.type as ShiftType];
      if (!booking?.clockInAt || !shift || !hourType) return;
      await w.update('shiftBookings', id, { clockOutAt: at, clockOutReason: reason, hoursEntryId, updatedAt: ctx.now });
      // the student's own hours: awaiting verification, in no figures until the preceptor signs or staff approve
      await w.put('clinicalHours', {
        id: hoursEntryId,
        studentId: booking.studentId,
        clinicalSiteId: shift.clinicalSiteId,
        date: booking.clockInAt.slice(0, 10),
        hoursCompleted: clockedHours(booking.clockInAt, at),
        startTime: booking.clockInAt.slice(11, 16),
        endTime: at.slice(11, 16),
        hourType,
        unit: shift.unit,
        preceptorName: null,
        notes: [booking.clockInReason, reason].filter(Boolean).join('; ') || null,
        recordedBy: ctx.userId,
        verifiedBy: null,
        verifiedAt: null,
        shiftBookingId: id,
        ...stamp(ctx),
      });
    },
  }),
};

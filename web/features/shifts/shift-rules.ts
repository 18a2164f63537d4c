/**
 * What a student's phone shows of shifts, from the rows it holds: the open shifts of their program with the places
 * left and why they may not book one (sign-up window, compliance), their own shifts, and the next open shifts to offer
 * when a booking comes back "slot taken". The rules are the server's (schema/shift.ts), so the reasons read the same.
 */
import { complianceGaps, NEXT_OPEN_OFFERED, shiftEnd, signupRefusal } from '#schema/shift.ts';
import type { DomainRows } from '#sync/client/db.ts';

type Shift = DomainRows['shifts'];
type Booking = DomainRows['shiftBookings'];
type Credential = DomainRows['studentCredentials'];

export interface OpenShift {
  shift: Shift;
  placesLeft: number;
  /** Why this student may not book it now; null when they may. */
  refusal: string | null;
  /** Full, but another student offered their place: this student may take it (and may give one of theirs). */
  swappable: boolean;
}

const byStart = (a: Shift, b: Shift) => (a.date + a.startTime).localeCompare(b.date + b.startTime);
const upcoming = (s: Shift, today: string) => !s.cancelledAt && s.date >= today;

/** The program's shifts from today on that the student is not booked on, each with what stops them booking. */
export function openShiftsFor(
  studentId: string,
  programId: string,
  shifts: readonly Shift[],
  bookings: readonly Booking[],
  credentials: readonly Credential[],
  today: string,
): OpenShift[] {
  const mine = new Set(bookings.filter((b) => b.studentId === studentId).map((b) => b.shiftId));
  const records = credentials.filter((c) => c.studentId === studentId);
  return shifts
    .filter((s) => s.programId === programId && upcoming(s, today) && !mine.has(s.id))
    .sort(byStart)
    .map((shift) => {
      const placesLeft = Math.max(0, shift.slots - shift.bookedCount);
      const gaps = complianceGaps(shift.requiredCredentials, records, shift.date);
      const refusal =
        gaps.length > 0 ? gaps.join('; ') : (signupRefusal(shift, today) ?? (placesLeft === 0 ? 'Full' : null));
      const swappable = refusal === 'Full' && shift.allowSwap && shift.swapOffers > 0;
      return { shift, placesLeft, refusal, swappable };
    });
}

export interface MyShift {
  booking: Booking;
  shift: Shift;
  /** Clocked out: the shift's hours exist; clocked in: on shift now; else booked. */
  stage: 'booked' | 'on shift' | 'done';
}

/** The student's shifts, soonest first; those that ended more than a week ago drop off. */
export function myShifts(studentId: string, shifts: readonly Shift[], bookings: readonly Booking[], weekAgo: string) {
  const byId = new Map(shifts.map((s) => [s.id, s]));
  return bookings
    .filter((b) => b.studentId === studentId)
    .flatMap((booking): MyShift[] => {
      const shift = byId.get(booking.shiftId);
      if (!shift || shiftEnd(shift).slice(0, 10) < weekAgo) return [];
      const stage = booking.clockOutAt ? 'done' : booking.clockInAt ? 'on shift' : 'booked';
      return [{ booking, shift, stage }];
    })
    .sort((a, b) => byStart(a.shift, b.shift));
}

/**
 * The student's places they may give in exchange for an offered one: booked, not clocked into, on a shift not
 * cancelled whose sign-up is open (the offering student takes it as a booking of their own: the server's rule).
 */
export const placesToGive = (mine: readonly MyShift[], today: string) =>
  mine.filter((m) => m.stage === 'booked' && !m.shift.cancelledAt && signupRefusal(m.shift, today) === null);

/** The next shifts the student could book instead of one refused: open to them, with places left. */
export const nextOpenShifts = (open: readonly OpenShift[], instead: string) =>
  open.filter((o) => o.shift.id !== instead && o.refusal === null).slice(0, NEXT_OPEN_OFFERED);

const pad = (n: number) => String(n).padStart(2, '0');
/** This device's wall time, YYYY-MM-DDTHH:MM: shifts are in local time, and so is a clock-in. */
export const localWallTime = (now: Date) =>
  `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T${pad(now.getHours())}:${pad(now.getMinutes())}`;

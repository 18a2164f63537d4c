/**
 * Shift scheduling (issue 30): the kinds of shifts and compliance records, and the
 * rules both the server's commands and the device's mutators and screens apply (who may book, when a clock-in needs a
 * reason), so a refusal reads the same offline and online.
 */
import { addDays } from './dates.ts';
import { credentialGap, SHIFT_MSG } from './messages.ts';

export const SHIFT_TYPES = ['clinical', 'field', 'lab'] as const;
export type ShiftType = (typeof SHIFT_TYPES)[number];
export const SHIFT_TYPE_LABELS: Record<ShiftType, string> = { clinical: 'Clinical', field: 'Field', lab: 'Lab' };
/** The kind of hours a shift's clocked time becomes; lab shifts are attendance only. */
export const SHIFT_HOUR_TYPE: Record<ShiftType, 'clinical' | 'field' | null> = {
  clinical: 'clinical',
  field: 'field',
  lab: null,
};

/** Records a site requires of a student before they may be on a shift there. */
export const CREDENTIAL_KINDS = ['immunization', 'background-check', 'drug-screen', 'cpr', 'insurance'] as const;
export type CredentialKind = (typeof CREDENTIAL_KINDS)[number];
export const CREDENTIAL_LABELS: Record<CredentialKind, string> = {
  immunization: 'Immunization',
  'background-check': 'Background check',
  'drug-screen': 'Drug screen',
  cpr: 'CPR card',
  insurance: 'Liability insurance',
};

/** Hours before the start after which a student may no longer drop a shift themselves, unless the shift says. */
export const DEFAULT_DROP_CUTOFF_HOURS = 24;
/** How many open shifts a refused booking offers instead. */
export const NEXT_OPEN_OFFERED = 3;

/** Sign-up opens before it closes; the server judges an edit by the shift with its changes, both sides set. */
export const signupInOrder = (s: { signupOpensDaysBefore?: number | null; signupClosesDaysBefore?: number }) =>
  s.signupOpensDaysBefore == null || s.signupOpensDaysBefore > (s.signupClosesDaysBefore ?? 0);

/** Where a clinical site is and how far around it counts as there. */
export interface SiteLocation {
  latitude: number;
  longitude: number;
  radiusMeters: number;
}
/* ---------- rules ---------- */

export interface ShiftTiming {
  date: string;
  startTime: string;
  durationMinutes: number;
}

const minutesOf = (wall: string) => Date.parse(`${wall}:00Z`) / 60_000;
/** The shift's start and end as wall times (YYYY-MM-DDTHH:MM); a night shift ends the next day. */
const shiftStart = (s: ShiftTiming) => `${s.date}T${s.startTime}`;
export function shiftEnd(s: ShiftTiming): string {
  return new Date((minutesOf(shiftStart(s)) + s.durationMinutes) * 60_000).toISOString().slice(0, 16);
}
/** What "a student's upcoming shifts" reads of a shift and a booking: the server's rows and the device's alike. */
interface ShiftOfStudent extends ShiftTiming {
  id: string;
  cancelledAt: string | null;
}
interface BookingOfStudent {
  shiftId: string;
  studentId: string;
  clockOutAt: string | null;
  /** A drop is a tombstone on the server; a device holds live rows only, without the field. */
  deletedAt?: string | null;
}

/**
 * Booked shifts ahead, soonest first: live bookings on shifts not cancelled that end today or later and that their
 * student has not clocked out of (a clock-out makes the shift's hours). Clinical Management's rotations count these.
 */
export function bookedShiftsAhead<S extends ShiftOfStudent, B extends BookingOfStudent>(
  shifts: readonly S[],
  bookings: readonly B[],
  today: string,
): { shift: S; booking: B }[] {
  const byId = new Map(shifts.map((s) => [s.id, s]));
  return bookings
    .filter((b) => !b.deletedAt && !b.clockOutAt)
    .flatMap((booking) => {
      const shift = byId.get(booking.shiftId);
      return shift && !shift.cancelledAt && shiftEnd(shift).slice(0, 10) >= today ? [{ shift, booking }] : [];
    })
    .sort((a, b) => shiftStart(a.shift).localeCompare(shiftStart(b.shift)));
}

/**
 * A student's upcoming shifts: their own of the booked shifts ahead. The one definition the home's Upcoming shifts
 * card and My Shifts read, so the two can never disagree.
 */
export const upcomingShiftsOf = <S extends ShiftOfStudent, B extends BookingOfStudent>(
  studentId: string,
  shifts: readonly S[],
  bookings: readonly B[],
  today: string,
) =>
  bookedShiftsAhead(
    shifts,
    bookings.filter((b) => b.studentId === studentId),
    today,
  );

/** Minutes from the shift's start to a wall time (negative: before it). */
export const minutesFromStart = (s: ShiftTiming, wall: string) => minutesOf(wall) - minutesOf(shiftStart(s));

/** The dates of a weekly series of `weeks` shifts from `date`. */
export const seriesDates = (date: string, weeks: number) =>
  Array.from({ length: weeks }, (_, i) => addDays(date, i * 7));

export interface SignupWindow extends ShiftTiming {
  signupOpensDaysBefore: number | null;
  signupClosesDaysBefore: number;
}
/** Whether sign-up is open on `today` (the device's or server's calendar day), else why not. */
export function signupRefusal(s: SignupWindow, today: string): string | null {
  if (s.signupOpensDaysBefore != null && today < addDays(s.date, -s.signupOpensDaysBefore))
    return SHIFT_MSG.signupNotOpen;
  if (today > addDays(s.date, -s.signupClosesDaysBefore)) return SHIFT_MSG.signupClosed;
  return null;
}

export interface CredentialRecord {
  kind: string;
  expiresOn: string | null;
}
/**
 * Why the student may not be on a shift on `date`: each required kind with no record on file, or whose latest record
 * expires before that day. Empty when they comply.
 */
export function complianceGaps(
  required: readonly string[],
  records: readonly CredentialRecord[],
  date: string,
): string[] {
  const gaps: string[] = [];
  for (const kind of required) {
    const label = CREDENTIAL_LABELS[kind as CredentialKind] ?? kind;
    const mine = records.filter((r) => r.kind === kind);
    if (mine.length === 0) gaps.push(credentialGap(label, null));
    else if (!mine.some((r) => r.expiresOn === null || r.expiresOn >= date)) {
      const latest = mine.map((r) => r.expiresOn!).sort()[mine.length - 1];
      gaps.push(credentialGap(label, latest));
    }
  }
  return gaps;
}

/** The program's clock-in window (its row carries both fields). */
export interface ClockWindow {
  clockEarlyMinutes: number;
  clockLateMinutes: number;
}
/** A program's window until its coordinator sets one (the table's default too): 10 minutes early to 5 late. */
export const DEFAULT_CLOCK_WINDOW: ClockWindow = { clockEarlyMinutes: 10, clockLateMinutes: 5 };
/**
 * A clock-in needs a reason when it is outside the program's window around the shift's start, or the phone found it
 * was away from the site.
 */
export function clockInNeedsReason(s: ShiftTiming, w: ClockWindow, at: string, atSite: boolean | null): boolean {
  const m = minutesFromStart(s, at);
  return m < -w.clockEarlyMinutes || m > w.clockLateMinutes || atSite === false;
}
/** How far from a shift a clock-in may be, with a reason: a day before its start to a day after its end. */
const CLOCK_REACH_MINUTES = 24 * 60;
/**
 * Whether a clock-in is too far from its shift to be one: it dates the shift's hours entry, which the shift's preceptor
 * approves by the booking, so a clock-in days away would put the shift's hours on another date.
 */
export function clockFarFromShift(s: ShiftTiming, at: string): boolean {
  return minutesFromStart(s, at) < -CLOCK_REACH_MINUTES || minutesOf(at) > minutesOf(shiftEnd(s)) + CLOCK_REACH_MINUTES;
}
/** A clock-out needs a reason when it is further from the shift's end, either way, than the window's wider side. */
export function clockOutNeedsReason(s: ShiftTiming, w: ClockWindow, at: string): boolean {
  return Math.abs(minutesOf(at) - minutesOf(shiftEnd(s))) > Math.max(w.clockLateMinutes, w.clockEarlyMinutes);
}
/** The hours between a clock-in and a clock-out, to the hundredth. */
export const clockedHours = (inAt: string, outAt: string) =>
  Math.round(((minutesOf(outAt) - minutesOf(inAt)) / 60) * 100) / 100;

/** How an hours entry says where its time came from: a shift's clock-in and out, or typed by hand. */
export const clockedLabel = (shiftBookingId: string | null | undefined) =>
  shiftBookingId ? 'clocked from a shift' : 'not clocked';

/** How a shift reads in a list, a message or a CSV row: "Clinical, 2026-12-01 07:00, ED". */
export const shiftLabel = (s: ShiftTiming & { type: string; unit: string | null }, siteName?: string | null) =>
  [`${SHIFT_TYPE_LABELS[s.type as ShiftType] ?? s.type}, ${s.date} ${s.startTime}`, siteName, s.unit]
    .filter(Boolean)
    .join(', ');

/**
 * Shift scheduling (issue 30): the shapes of shifts, bookings, clock-ins and students' compliance records, and the
 * rules both the server's commands and the device's mutators and screens apply (who may book, when a clock-in needs a
 * reason), so a refusal reads the same offline and online.
 */
import { z } from 'zod';

import { clientId, intInRange, isoDate, optionalRefId, optionalText, refId, requiredText } from './common.ts';
import { addDays, isAfterToday } from './dates.ts';
import { credentialGap, MSG, SHIFT_MSG } from './messages.ts';

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
const DEFAULT_DROP_CUTOFF_HOURS = 24;
/** How many open shifts a refused booking offers instead. */
export const NEXT_OPEN_OFFERED = 3;

const timeOfDay = z
  .string({ error: MSG.timeInvalid })
  .trim()
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, MSG.timeInvalid);
/** A wall-clock time on the device, YYYY-MM-DDTHH:MM: programs keep no time zone, so shifts are in local time. */
const wallTime = z
  .string({ error: MSG.dateInvalid })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d$/, MSG.dateInvalid);
/** A clock-in or out: a wall time not after today (schema/dates.ts), since it dates the shift's hours entry. */
const clockTime = wallTime.refine((s) => !isAfterToday(s, new Date()), MSG.dateNotFuture);
const windowMinutes = intInRange(0, 240, SHIFT_MSG.windowRange);

const shiftFields = {
  type: z.enum(SHIFT_TYPES, { error: SHIFT_MSG.shiftTypeRequired }),
  clinicalSiteId: optionalRefId(),
  unit: optionalText(100),
  startTime: timeOfDay,
  durationMinutes: intInRange(15, 24 * 60, SHIFT_MSG.durationRange),
  slots: intInRange(1, 100, SHIFT_MSG.slotsRange),
  /** Days before the shift that sign-up opens (null: as soon as it is posted) and closes (0: on the shift's day). */
  signupOpensDaysBefore: intInRange(0, 365, SHIFT_MSG.windowRange)
    .nullish()
    .transform((v) => v ?? null),
  signupClosesDaysBefore: intInRange(0, 365, SHIFT_MSG.windowRange).default(0),
  allowDrop: z.boolean().default(true),
  dropCutoffHours: intInRange(0, 720, SHIFT_MSG.windowRange).default(DEFAULT_DROP_CUTOFF_HOURS),
  allowSwap: z.boolean().default(true),
  preceptorIds: z.array(refId(MSG.userRequired)).max(10).default([]),
  requiredCredentials: z.array(z.enum(CREDENTIAL_KINDS)).max(CREDENTIAL_KINDS.length).default([]),
  notes: optionalText(2000),
};

/** Sign-up opens before it closes; the server judges an edit by the shift with its changes, both sides set. */
export const signupInOrder = (s: { signupOpensDaysBefore?: number | null; signupClosesDaysBefore?: number }) =>
  s.signupOpensDaysBefore == null || s.signupOpensDaysBefore > (s.signupClosesDaysBefore ?? 0);

/** A shift, or a weekly series of `repeatWeeks` shifts from `date` on. */
export const createShiftSchema = z
  .object({
    programId: refId(MSG.programRequired),
    date: isoDate(),
    repeatWeeks: intInRange(1, 52, SHIFT_MSG.repeatRange).default(1),
    ...shiftFields,
  })
  .refine(signupInOrder, { path: ['signupOpensDaysBefore'], message: SHIFT_MSG.signupOrder });
export type CreateShiftInput = z.input<typeof createShiftSchema>;

/** Edits one shift, or (`following`) it and every later shift of its series; a date moves one shift at a time. */
export const editShiftSchema = z
  .object({
    id: refId('Shift is required'),
    scope: z.enum(['one', 'following']).default('one'),
    changes: z.object({ date: isoDate().optional(), ...patchShape() }),
  })
  .refine((e) => e.scope === 'one' || e.changes.date === undefined, {
    path: ['date'],
    message: SHIFT_MSG.dateOnlyThisOne,
  })
  .refine((e) => signupInOrder(e.changes), { path: ['signupOpensDaysBefore'], message: SHIFT_MSG.signupOrder });

/** Every shift field optional and without its default, so that an edit changes only what it names. */
function patchShape() {
  return Object.fromEntries(
    Object.entries(shiftFields).map(([k, f]) => [k, (f instanceof z.ZodDefault ? f.unwrap() : f).optional()]),
  ) as unknown as { [K in keyof typeof shiftFields]: z.ZodOptional<z.ZodType<z.output<(typeof shiftFields)[K]>>> };
}

export const cancelShiftSchema = z.object({
  id: refId('Shift is required'),
  reason: requiredText(SHIFT_MSG.cancelReasonRequired, 400),
});

/** A booking, made on the device with its own id (offline too); staff may name the student, a student books themself. */
export const bookShiftSchema = z.object({
  id: clientId(),
  shiftId: refId('Shift is required'),
  studentId: optionalRefId(),
});
export const bookingByIdSchema = z.object({ id: refId('Booking is required') });
/** Offers one's place to whoever books the full shift next (or takes the offer back). */
export const offerSwapSchema = bookingByIdSchema.extend({ offered: z.boolean().default(true) });
/**
 * Taking a place another student offered on a shift (the other side of a swap): a new booking with the device's id,
 * and optionally the taker's own booking on another shift, which the offering student gets in exchange.
 */
export const acceptSwapSchema = z.object({
  id: clientId(),
  shiftId: refId('Shift is required'),
  giveBookingId: optionalRefId(),
});

/**
 * A program's clock-in window (issue 30), set by its coordinator or director: how many minutes before and after a
 * shift's start a clock-in needs no reason. Every shift of the program uses it (the table's default: 10 early, 5 late).
 */
export const clockWindowSchema = z.object({
  programId: refId(MSG.programRequired),
  clockEarlyMinutes: windowMinutes,
  clockLateMinutes: windowMinutes,
});

const coordinate = (limit: number, message: string) =>
  z.number({ error: message }).min(-limit, message).max(limit, message);
/** Where a clinical site is and how far around it counts as there. */
export interface SiteLocation {
  latitude: number;
  longitude: number;
  radiusMeters: number;
}
const allOrNone = (l: Record<keyof SiteLocation, number | null>) =>
  (l.latitude === null) === (l.longitude === null) && (l.latitude === null) === (l.radiusMeters === null);
/** Staff set a site's location, or clear it with all three fields null. */
export const siteLocationSchema = z
  .object({
    clinicalSiteId: refId(MSG.selectClinicalSite),
    latitude: coordinate(90, SHIFT_MSG.latitudeRange).nullable(),
    longitude: coordinate(180, SHIFT_MSG.longitudeRange).nullable(),
    radiusMeters: intInRange(25, 5000, SHIFT_MSG.radiusRange).nullable(),
  })
  .refine(allOrNone, { path: ['latitude'], message: SHIFT_MSG.siteLocationPartial });

const clockReason = optionalText(400);
/** Clocking in: the device's wall time, and, only with the student's consent, whether the device was at the site. */
export const clockInSchema = z.object({
  id: refId('Booking is required'),
  at: clockTime,
  atSite: z
    .boolean()
    .nullish()
    .transform((v) => v ?? null),
  reason: clockReason,
});
/** Clocking out makes the shift's hours entry, with an id the device gives it (so the entry is on the phone at once). */
export const clockOutSchema = z.object({
  id: refId('Booking is required'),
  hoursEntryId: z.uuid(),
  at: clockTime,
  reason: clockReason,
});

export const credentialSchema = z.object({
  id: clientId(),
  studentId: refId(MSG.studentRequired),
  kind: z.enum(CREDENTIAL_KINDS, { error: SHIFT_MSG.credentialKindRequired }),
  expiresOn: isoDate()
    .nullish()
    .transform((v) => v ?? null),
  notes: optionalText(400),
});

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

/**
 * The zod schemas of shift scheduling's commands (issue 30); schema/shift.ts holds the rules, free of zod, so the
 * first screens that read a student's shifts do not load it.
 */
import { z } from 'zod';

import { clientId, intInRange, isoDate, optionalRefId, optionalText, refId, requiredText } from './common.ts';
import { isAfterToday } from './dates.ts';
import { MSG, SHIFT_MSG } from './messages.ts';
import { CREDENTIAL_KINDS, DEFAULT_DROP_CUTOFF_HOURS, SHIFT_TYPES, signupInOrder, type SiteLocation } from './shift.ts';

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

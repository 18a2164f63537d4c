/**
 * The coordinator's board (issue 30): each shift of a day or week with who is booked, their compliance, the shift's
 * preceptors and its empty slots. One function over plain rows, so the board the device draws from its synced rows
 * and the server's `GET /api/shifts` answer are the same by construction, and the CSV is that answer's rows.
 */
import { z } from 'zod';

import { isoDate } from './common.ts';
import { addDays } from './dates.ts';
import { complianceGaps, type CredentialRecord, SHIFT_TYPES, shiftEnd } from './shift.ts';
import { HOURS_STANDING_LABELS, HOURS_STANDINGS, type HoursStanding, hoursStanding } from './student-summary.ts';

interface BoardShift {
  id: string;
  programId: string;
  seriesId: string | null;
  type: string;
  clinicalSiteId: string | null;
  unit: string | null;
  date: string;
  startTime: string;
  durationMinutes: number;
  slots: number;
  preceptorIds: string[];
  requiredCredentials: string[];
  cancelledAt: string | null;
}
interface BoardBooking {
  id: string;
  shiftId: string;
  studentId: string;
  swapOffered: boolean;
  clockInAt: string | null;
  clockOutAt: string | null;
  hoursEntryId: string | null;
}
export interface BoardInputs {
  shifts: readonly BoardShift[];
  bookings: readonly BoardBooking[];
  students: ReadonlyMap<string, { firstName: string; lastName: string }>;
  credentials: readonly (CredentialRecord & { studentId: string })[];
  sites: ReadonlyMap<string, string>;
  people: ReadonlyMap<string, { firstName: string; lastName: string }>;
  /** Where each clocked hours entry stands (`hoursStanding`), by its id. */
  hoursStandings: ReadonlyMap<string, HoursStanding>;
}

interface Named {
  id: string;
  firstName: string;
  lastName: string;
}
/** The rows a board is drawn from, as the server reads them and as a device holds them. */
export interface BoardRows {
  shifts: readonly BoardShift[];
  bookings: readonly BoardBooking[];
  students: readonly Named[];
  credentials: readonly (CredentialRecord & { studentId: string })[];
  sites: readonly { id: string; name: string }[];
  people: readonly Named[];
  hours: readonly { id: string; verifiedBy: string | null; refusedBy: string | null }[];
}

const names = (rows: readonly Named[]) =>
  new Map(rows.map((r) => [r.id, { firstName: r.firstName, lastName: r.lastName }]));

/** The board's inputs from its rows: names by id, and which hours entries someone verified. */
export const boardInputsOf = (rows: BoardRows): BoardInputs => ({
  shifts: rows.shifts,
  bookings: rows.bookings,
  students: names(rows.students),
  credentials: rows.credentials,
  sites: new Map(rows.sites.map((s) => [s.id, s.name])),
  people: names(rows.people),
  hoursStandings: new Map(rows.hours.map((h) => [h.id, hoursStanding(h)])),
});

export interface BoardFilter {
  from: string;
  /** Days from `from`: 1 for a day, 7 for a week. */
  days: number;
  clinicalSiteId?: string | null;
  type?: string | null;
}

const boardRowSchema = z.strictObject({
  id: z.string(),
  type: z.string(),
  date: z.string(),
  startTime: z.string(),
  endsAt: z.string(),
  site: z.string().nullable(),
  clinicalSiteId: z.string().nullable(),
  unit: z.string().nullable(),
  slots: z.number().int(),
  emptySlots: z.number().int(),
  cancelled: z.boolean(),
  preceptors: z.array(z.string()),
  booked: z.array(
    z.strictObject({
      bookingId: z.string(),
      studentId: z.string(),
      name: z.string(),
      /** Why they are out of compliance for this shift's day; empty when compliant. */
      gaps: z.array(z.string()),
      swapOffered: z.boolean(),
      clock: z.enum(['not clocked', 'clocked in', 'clocked out']),
      /** Where the clocked hours stand once clocked out (`hoursStanding`); null before. */
      hours: z.enum(HOURS_STANDINGS).nullable(),
    }),
  ),
});
export type BoardRow = z.infer<typeof boardRowSchema>;
/** GET /api/shifts: the board's shifts of the days asked for. */
export const boardAnswerSchema = z.strictObject({ data: z.array(boardRowSchema) });

const fullName = (p: { firstName: string; lastName: string } | undefined) =>
  p ? `${p.firstName} ${p.lastName}` : 'Unknown';

/** The days a board shows: the day, or the week from it. */
export const boardDays = ({ from, days }: BoardFilter) => ({ from, to: addDays(from, days - 1) });

export function shiftBoard(inputs: BoardInputs, filter: BoardFilter): BoardRow[] {
  const { from, to } = boardDays(filter);
  const bookingsOf = new Map<string, BoardBooking[]>();
  for (const b of inputs.bookings) bookingsOf.set(b.shiftId, [...(bookingsOf.get(b.shiftId) ?? []), b]);
  return inputs.shifts
    .filter(
      (s) =>
        s.date >= from &&
        s.date <= to &&
        (!filter.clinicalSiteId || s.clinicalSiteId === filter.clinicalSiteId) &&
        (!filter.type || s.type === filter.type),
    )
    .sort((a, b) => (a.date + a.startTime + a.id).localeCompare(b.date + b.startTime + b.id))
    .map((s) => {
      const booked = (bookingsOf.get(s.id) ?? [])
        .map((b) => ({
          bookingId: b.id,
          studentId: b.studentId,
          name: fullName(inputs.students.get(b.studentId)),
          gaps: complianceGaps(
            s.requiredCredentials,
            inputs.credentials.filter((c) => c.studentId === b.studentId),
            s.date,
          ),
          swapOffered: b.swapOffered,
          clock: b.clockOutAt ? 'clocked out' : b.clockInAt ? 'clocked in' : 'not clocked',
          hours: (b.hoursEntryId && inputs.hoursStandings.get(b.hoursEntryId)) || null,
        }))
        .sort((a, b) => a.name.localeCompare(b.name) || a.bookingId.localeCompare(b.bookingId)) as BoardRow['booked'];
      return {
        id: s.id,
        type: s.type,
        date: s.date,
        startTime: s.startTime,
        endsAt: shiftEnd(s),
        site: s.clinicalSiteId ? (inputs.sites.get(s.clinicalSiteId) ?? null) : null,
        clinicalSiteId: s.clinicalSiteId,
        unit: s.unit,
        slots: s.slots,
        emptySlots: s.cancelledAt ? 0 : Math.max(0, s.slots - booked.length),
        cancelled: !!s.cancelledAt,
        preceptors: s.preceptorIds.map((id) => fullName(inputs.people.get(id))),
        booked,
      };
    });
}

/** The board as CSV rows: one per booked student, and one per shift with empty slots. */
export function boardCsvRows(rows: readonly BoardRow[]): Record<string, string | number>[] {
  return rows.flatMap((r) => {
    const base = {
      Date: r.date,
      Start: r.startTime,
      Ends: r.endsAt.replace('T', ' '),
      Type: r.type,
      Site: r.site ?? '',
      Unit: r.unit ?? '',
      Preceptors: r.preceptors.join('; '),
      Status: r.cancelled ? 'cancelled' : 'scheduled',
      'Empty slots': r.emptySlots,
    };
    const people = r.booked.map((b) => ({
      ...base,
      Student: b.name,
      Compliance: b.gaps.length ? b.gaps.join('; ') : 'compliant',
      Clock: b.clock,
      // clocked hours count once someone verifies them (the preceptor's approval or a counted sign-off); hours only a
      // refused sign-off holds await nobody
      Hours: b.clock === 'clocked out' ? HOURS_STANDING_LABELS[b.hours ?? 'awaiting'].toLowerCase() : '',
    }));
    return people.length ? people : [{ ...base, Student: '', Compliance: '', Clock: '', Hours: '' }];
  });
}

/** `GET /api/shifts` and the board screen's filters: a day or a week from a date (today's without one), by site and type. */
export const boardQuerySchema = z.object({
  from: isoDate().optional(),
  days: z.coerce
    .number()
    .pipe(z.union([z.literal(1), z.literal(7)]))
    .default(7),
  clinicalSiteId: z.string().trim().max(64).optional(),
  type: z.enum(SHIFT_TYPES).optional(),
});

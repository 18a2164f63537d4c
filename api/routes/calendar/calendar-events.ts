/**
 * What a user's calendar feed holds. Each source reads in the user's own scope (the same rules as the screens), so a
 * feed shows exactly what its owner could read signed in. Add a source here for a new kind of dated record.
 */
import { and, eq, gte, inArray, isNull, lte } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import { addDays } from '#schema/dates.ts';
import { SHIFT_TYPE_LABELS, type ShiftType } from '#schema/shift.ts';
import * as t from '#schema/tables.ts';

import { deadlinesFor } from '../dashboard/dashboard.queries.ts';
import type { DeadlineSpan } from '../dashboard/deadlines.ts';

export interface CalendarEvent {
  /** Stable across fetches, so a phone updates an event instead of adding it twice. */
  uid: string;
  summary: string;
  description: string;
  /** A day (YYYY-MM-DD, an all-day event) or an instant (ISO 8601 in UTC, a timed event). */
  start: string;
  /** An instant, for timed events; all-day events last their day. */
  end?: string;
}

type CalendarSource = (q: Q, actor: Actor, today: string) => CalendarEvent[];

/** A month back (a phone replaces the whole feed, so recent items stay visible) and a year ahead. */
const FEED_SPAN: DeadlineSpan = { daysBefore: 31, daysAfter: 366, limit: 2000 };

/** Scheduled assessments, expected graduations and (for staff) accreditation due dates: the dashboard's deadlines. */
const deadlines: CalendarSource = (q, actor, today) =>
  deadlinesFor(q, actor, today, FEED_SPAN).map((d) => ({
    uid: `${d.id}@training-records`,
    summary: d.title,
    description: d.detail,
    start: d.date,
  }));

type ShiftRow = typeof t.shifts.$inferSelect;

/** A shift's start and end as instants: programs keep no time zone, so a shift's wall time is read as UTC. */
function shiftEvent(shift: ShiftRow, uid: string): CalendarEvent {
  const start = new Date(`${shift.date}T${shift.startTime}:00.000Z`);
  const end = new Date(start.getTime() + shift.durationMinutes * 60_000);
  const what = SHIFT_TYPE_LABELS[shift.type as ShiftType] ?? shift.type;
  return {
    uid,
    summary: `${what} shift${shift.unit ? `: ${shift.unit}` : ''}`,
    description: shift.notes ?? '',
    start: start.toISOString(),
    end: end.toISOString(),
  };
}

/**
 * Shifts not cancelled in the feed's span: those the user is booked on (a student) or precepts, of the programs they may
 * see (the board's rule): a preceptor named on a shift of a program they are not in, or no longer in, reads none of it.
 */
const shifts: CalendarSource = (q, actor, today) => {
  const live = q
    .select()
    .from(t.shifts)
    .where(
      and(
        isNull(t.shifts.deletedAt),
        isNull(t.shifts.cancelledAt),
        visibleWhere.shifts(q, actor),
        gte(t.shifts.date, addDays(today, -FEED_SPAN.daysBefore)),
        lte(t.shifts.date, addDays(today, FEED_SPAN.daysAfter)),
      ),
    )
    .all();
  if (!live.length) return [];
  const booked = q
    .select({ bookingId: t.shiftBookings.id, shiftId: t.shiftBookings.shiftId })
    .from(t.shiftBookings)
    .innerJoin(t.students, eq(t.students.id, t.shiftBookings.studentId))
    .where(
      and(
        isNull(t.shiftBookings.deletedAt),
        eq(t.students.userId, actor.id),
        inArray(
          t.shiftBookings.shiftId,
          live.map((s) => s.id),
        ),
      ),
    )
    .all();
  const byId = new Map(live.map((s) => [s.id, s]));
  return [
    ...booked.map((b) => shiftEvent(byId.get(b.shiftId)!, `shift-${b.bookingId}@training-records`)),
    ...live
      .filter((s) => s.preceptorIds.includes(actor.id))
      .map((s) => shiftEvent(s, `precepted-shift-${s.id}@training-records`)),
  ];
};

const SOURCES: readonly CalendarSource[] = [deadlines, shifts];

export const calendarEventsFor = (q: Q, actor: Actor, today: string) =>
  SOURCES.flatMap((source) => source(q, actor, today));

/**
 * What a user's calendar feed holds. Each source reads in the user's own scope (the same rules as the screens), so a
 * feed shows exactly what its owner could read signed in. Add a source here for a new kind of dated record (booked
 * clinical shifts, once they exist: their start and end as instants).
 */
import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';

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

const SOURCES: readonly CalendarSource[] = [deadlines];

export const calendarEventsFor = (q: Q, actor: Actor, today: string) =>
  SOURCES.flatMap((source) => source(q, actor, today));

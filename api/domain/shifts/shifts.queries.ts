/** The board's rows for a user, read with the same visibility rules as the pull (api/permissions/visibility.ts). */
import { and, gte, inArray, isNull, lte } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import { boardDays, type BoardFilter, boardInputsOf, type BoardRow, shiftBoard } from '#schema/shift-board.ts';
import * as t from '#schema/tables.ts';

export function boardFor(q: Q, actor: Actor, filter: BoardFilter): BoardRow[] {
  const { from, to } = boardDays(filter);
  const shifts = q
    .select()
    .from(t.shifts)
    .where(
      and(isNull(t.shifts.deletedAt), gte(t.shifts.date, from), lte(t.shifts.date, to), visibleWhere.shifts(q, actor)),
    )
    .all();
  const shiftIds = shifts.map((s) => s.id);
  const bookings = shiftIds.length
    ? q
        .select()
        .from(t.shiftBookings)
        .where(
          and(
            isNull(t.shiftBookings.deletedAt),
            inArray(t.shiftBookings.shiftId, shiftIds),
            visibleWhere.shiftBookings(q, actor),
          ),
        )
        .all()
    : [];
  const studentIds = [...new Set(bookings.map((b) => b.studentId))];
  const hoursIds = bookings.flatMap((b) => (b.hoursEntryId ? [b.hoursEntryId] : []));
  return shiftBoard(
    boardInputsOf({
      shifts,
      bookings,
      students: studentIds.length ? q.select().from(t.students).where(inArray(t.students.id, studentIds)).all() : [],
      credentials: studentIds.length
        ? q
            .select()
            .from(t.studentCredentials)
            .where(and(isNull(t.studentCredentials.deletedAt), inArray(t.studentCredentials.studentId, studentIds)))
            .all()
        : [],
      sites: q.select({ id: t.clinicalSites.id, name: t.clinicalSites.name }).from(t.clinicalSites).all(),
      people: q.select().from(t.users).all(),
      hours: hoursIds.length
        ? q
            .select({
              id: t.clinicalHours.id,
              verifiedBy: t.clinicalHours.verifiedBy,
              refusedBy: t.clinicalHours.refusedBy,
            })
            .from(t.clinicalHours)
            .where(inArray(t.clinicalHours.id, hoursIds))
            .all()
        : [],
    }),
    filter,
  );
}

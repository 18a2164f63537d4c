/**
 * An approved clinical-time request is a shift of one slot with its student booked (issue 30), as migration 0014 made
 * of those approved before shifts existed: so a request approved now reaches the calendar, the board and the
 * student's shifts like every other shift, and nothing approved is lost. The shift takes the request's id (as the
 * migration's do), so approving twice can never make two.
 */
import type { CommandContext } from '#api/commands/command.ts';
import * as t from '#schema/tables.ts';

type RequestRow = typeof t.requests.$inferSelect;

/** Requests keep instants in UTC and programs no time zone: the shift's wall time is the UTC one, as in 0014. */
const wall = (instant: string) => ({ date: instant.slice(0, 10), time: instant.slice(11, 16) });
const MINUTES_A_DAY = 24 * 60;

export function shiftFromTimeRequest(ctx: CommandContext, request: RequestRow, approvedBy: string) {
  if (request.kind !== 'clinical-time' || !request.studentId || !request.startAt || !request.endAt) return;
  const student = ctx.find(t.students, request.studentId);
  if (!student || ctx.find(t.shifts, request.id)) return;
  const start = wall(request.startAt);
  const minutes = Math.round((Date.parse(request.endAt) - Date.parse(request.startAt)) / 60_000);
  const shift = ctx.insert(t.shifts, {
    id: request.id,
    programId: student.programId,
    type: 'clinical',
    clinicalSiteId: request.clinicalSiteId,
    date: start.date,
    startTime: start.time,
    durationMinutes: Math.max(15, Math.min(MINUTES_A_DAY, minutes)),
    slots: 1,
    bookedCount: 1,
    signupClosesDaysBefore: 0,
    notes: 'From an approved clinical time request',
    createdBy: approvedBy,
  });
  ctx.insert(t.shiftBookings, {
    id: `${request.id}:booking`,
    shiftId: shift.id,
    studentId: student.id,
    bookedBy: request.userId,
  });
}

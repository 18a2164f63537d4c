/**
 * The demo's shifts (issue 30), so the board, My Shifts and the calendar show a program's schedule: a weekly series of
 * ED shifts that require a current immunization (the demo student has none on file, so they see why they cannot book),
 * and a field shift two classmates have booked, each with a current record. The approved clinical-time request the
 * demo files is a booked shift too, as every approved request is.
 */
import { and, eq, isNull, ne } from 'drizzle-orm';

import { shiftFromTimeRequest } from '#api/domain/shifts/time-request-shift.ts';
import { addDays } from '#schema/dates.ts';
import { seriesDates } from '#schema/shift.ts';
import * as t from '#schema/tables.ts';

import type { CommandContext } from '../commands/command.ts';

interface ShiftsDemo {
  programId: string;
  ownStudentId: string;
  coordinatorId: string;
  preceptorId: string;
  sites: readonly { id: string }[];
  approvedRequest: typeof t.requests.$inferSelect;
}

export function seedShiftsDemo(ctx: CommandContext, demo: ShiftsDemo) {
  shiftFromTimeRequest(ctx, demo.approvedRequest, demo.coordinatorId);
  const today = new Date().toISOString().slice(0, 10);
  const common = { programId: demo.programId, createdBy: demo.coordinatorId, preceptorIds: [demo.preceptorId] };
  const dates = seriesDates(addDays(today, 8), 4);
  const ed = {
    ...common,
    type: 'clinical',
    clinicalSiteId: demo.sites[0].id,
    unit: 'Emergency Department',
    startTime: '07:00',
    durationMinutes: 720,
    slots: 2,
    requiredCredentials: ['immunization'],
  };
  const first = ctx.insert(t.shifts, { ...ed, date: dates[0] });
  ctx.update(t.shifts, first, { seriesId: first.id });
  for (const date of dates.slice(1)) ctx.insert(t.shifts, { ...ed, date, seriesId: first.id });
  const field = ctx.insert(t.shifts, {
    ...common,
    type: 'field',
    clinicalSiteId: demo.sites[1].id,
    unit: 'Medic 4',
    date: addDays(today, 9),
    startTime: '18:00',
    durationMinutes: 720,
    slots: 3,
    requiredCredentials: ['background-check'],
  });
  const classmates = ctx.tx
    .select()
    .from(t.students)
    .where(
      and(
        eq(t.students.programId, demo.programId),
        ne(t.students.id, demo.ownStudentId),
        eq(t.students.isActive, true),
        isNull(t.students.deletedAt),
      ),
    )
    .limit(2)
    .all();
  for (const s of classmates) {
    ctx.insert(t.studentCredentials, {
      studentId: s.id,
      kind: 'background-check',
      expiresOn: addDays(today, 300),
      recordedBy: demo.coordinatorId,
    });
    ctx.insert(t.shiftBookings, { shiftId: field.id, studentId: s.id, bookedBy: demo.coordinatorId });
  }
  ctx.update(t.shifts, field, { bookedCount: classmates.length });
}

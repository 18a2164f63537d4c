/**
 * Clinical Management's figures: tiles, rotations and the shifts on the calendar, free of React so they are easy to test.
 * All days are calendar days on this device's clock (YYYY-MM-DD), like the skill-entry screen's "today".
 */
import { byPersonName } from '#schema/names.ts';
import { round1 } from '#schema/progress.ts';
import { bookedShiftsAhead, SHIFT_HOUR_TYPE, SHIFT_TYPE_LABELS, shiftEnd, type ShiftType } from '#schema/shift.ts';
import { addUpHours } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';
import { formatDate } from '#web/lib/format.ts';

import { isCurrentPlacement } from '../clinical-sites/index.ts';

type Request = Pick<
  DomainRows['requests'],
  | 'id'
  | 'kind'
  | 'status'
  | 'userId'
  | 'studentId'
  | 'clinicalSiteId'
  | 'startAt'
  | 'endAt'
  | 'requestedDates'
  | 'requestedHours'
  | 'createdAt'
>;
type Shift = Pick<
  DomainRows['shifts'],
  'id' | 'type' | 'clinicalSiteId' | 'unit' | 'date' | 'startTime' | 'durationMinutes' | 'cancelledAt'
>;
type Booking = Pick<DomainRows['shiftBookings'], 'id' | 'shiftId' | 'studentId' | 'clockOutAt'>;
type Site = Pick<DomainRows['clinicalSites'], 'id' | 'isActive' | 'maxStudents'>;
type Hours = Pick<
  DomainRows['clinicalHours'],
  'hourType' | 'hoursCompleted' | 'date' | 'verifiedBy' | 'clinicalSiteId'
>;

/** A rotation's first and last day: a night shift ends the day after it starts. */
export interface Period {
  start: string;
  end: string;
}

type RotationPhase = 'active' | 'upcoming';
export interface Rotation {
  shift: Shift;
  booking: Booking;
  period: Period;
  phase: RotationPhase;
}

export const periodText = ({ start, end }: Period) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
export const rotationKind = (s: Pick<Shift, 'type'>) => SHIFT_TYPE_LABELS[s.type as ShiftType] ?? s.type;

/** A rotation's length in hours, to one decimal: its shift's. */
export const rotationHours = (r: Rotation) => round1(r.shift.durationMinutes / 60);

/**
 * A rotation is a student's booked clinical or field shift, one booked on the board or made of an approved time
 * request alike (issue 30), by the rule of a student's upcoming shifts (schema/shift.ts): active while its days include
 * today, upcoming before. Lab shifts are attendance, not clinical time; a preceptor request names who supervises, not
 * when a student is at a site, so it is no rotation. Active ones first, then upcoming, each by start.
 */
export function rotations(shifts: readonly Shift[], bookings: readonly Booking[], today: string): Rotation[] {
  return bookedShiftsAhead(shifts, bookings, today)
    .filter(({ shift }) => SHIFT_HOUR_TYPE[shift.type as ShiftType])
    .map(({ shift, booking }): Rotation => {
      const period = { start: shift.date, end: shiftEnd(shift).slice(0, 10) };
      return { shift, booking, period, phase: period.start <= today ? 'active' : 'upcoming' };
    })
    .sort((a, b) => (a.phase === b.phase ? 0 : a.phase === 'active' ? -1 : 1));
}

export interface ClinicalTiles {
  activeSites: number;
  /** Student places over the active sites. */
  totalCapacity: number;
  /** Verified clinical (not field) hours, rounded to one decimal: what counts toward students' required hours. */
  clinicalHours: number;
  activeRotations: number;
}

export function clinicalTiles(
  sites: readonly Site[],
  hours: readonly Hours[],
  booked: { shifts: readonly Shift[]; bookings: readonly Booking[] },
  today: string,
): ClinicalTiles {
  const active = sites.filter((s) => s.isActive);
  return {
    activeSites: active.length,
    totalCapacity: active.reduce((sum, s) => sum + s.maxStudents, 0),
    clinicalHours: round1(addUpHours(hours).clinical),
    activeRotations: rotations(booked.shifts, booked.bookings, today).filter((r) => r.phase === 'active').length,
  };
}

/**
 * The verified hours logged at a site, by `addUpHours`, the rule of every student figure: hours no one has verified
 * count nowhere, here neither.
 */
export function verifiedHoursAt(hours: readonly Hours[], siteId: string): number {
  const totals = addUpHours(hours.filter((h) => h.clinicalSiteId === siteId));
  return round1(totals.clinical + totals.field);
}

/** The user's own clinical-time requests, newest first. */
export function myTimeRequests<R extends Request>(requests: readonly R[], userId: string): R[] {
  return requests
    .filter((r) => r.kind === 'clinical-time' && r.userId === userId)
    .sort((a, b) => b.createdAt.localeCompare(a.createdAt) || a.id.localeCompare(b.id));
}

export const REQUEST_STATUS_LABELS: Record<string, string> = {
  pending: 'Pending',
  approved: 'Approved',
  denied: 'Denied',
};
export const REQUEST_STATUS_TONES = { pending: 'yellow', approved: 'green', denied: 'red' } as const;
export const statusTone = (status: string) =>
  REQUEST_STATUS_TONES[status as keyof typeof REQUEST_STATUS_TONES] ?? 'slate';

/** How many current students a site detail names; the rest are counted. */
export const SITE_DETAIL_STUDENTS = 5;

/**
 * The students placed at a site now, by the Clinical Sites screen's rule (which the server's count uses too), each
 * once, by name; only students whose record is on this device.
 */
export function currentStudentsAt<S extends Pick<DomainRows['students'], 'id' | 'firstName' | 'lastName'>>(
  siteId: string,
  requests: readonly Pick<
    DomainRows['requests'],
    'kind' | 'status' | 'clinicalSiteId' | 'studentId' | 'endAt' | 'requestedDates' | 'requestedDatesText'
  >[],
  students: readonly S[],
  now: Date,
): S[] {
  const placed = new Set(
    requests.filter((r) => r.clinicalSiteId === siteId && isCurrentPlacement(r, now)).map((r) => r.studentId),
  );
  return students.filter((s) => placed.has(s.id)).sort(byPersonName);
}

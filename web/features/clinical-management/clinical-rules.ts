/**
 * Clinical Management's figures: tiles, rotations and the shifts on the calendar, free of React so they are easy to test.
 * All days are calendar days on this device's clock (YYYY-MM-DD), like the skill-entry screen's "today".
 */
import { localDay } from '#schema/dates.ts';
import { byPersonName } from '#schema/names.ts';
import { round1 } from '#schema/progress.ts';
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
type Site = Pick<DomainRows['clinicalSites'], 'id' | 'isActive' | 'maxStudents'>;
type Hours = Pick<
  DomainRows['clinicalHours'],
  'hourType' | 'hoursCompleted' | 'date' | 'verifiedBy' | 'clinicalSiteId'
>;

/** A request's first and last day: a clinical-time request's start and end; a site preceptor request's earliest and latest date. */
export interface Period {
  start: string;
  end: string;
}

/**
 * The days a clinical-time or preceptor request covers, or null when it has none: preceptor requests filed with
 * free-text dates (the Requests screen's form) name no day the app could place.
 */
export function requestPeriod(r: Pick<Request, 'kind' | 'startAt' | 'endAt' | 'requestedDates'>): Period | null {
  if (r.kind === 'clinical-time') {
    if (!r.startAt || !r.endAt) return null;
    // a shift ending at midnight ends on the day before
    const start = localDay(new Date(r.startAt));
    const end = localDay(new Date(Date.parse(r.endAt) - 1));
    return { start, end: end < start ? start : end };
  }
  if (r.kind === 'preceptor' && r.requestedDates?.length) {
    const days = [...r.requestedDates].sort();
    return { start: days[0], end: days[days.length - 1] };
  }
  return null;
}

export type RotationPhase = 'active' | 'upcoming';
export interface Rotation {
  request: Request;
  period: Period;
  phase: RotationPhase;
}

/**
 * A rotation is an approved clinical-time or site preceptor request; it is active while its period includes today
 * and upcoming before that. Past and unapproved requests are not rotations.
 */
function rotationPhase(r: Request, today: string): RotationPhase | null {
  if (r.status !== 'approved') return null;
  const period = requestPeriod(r);
  if (!period || period.end < today) return null;
  return period.start <= today ? 'active' : 'upcoming';
}

export const periodText = ({ start, end }: Period) =>
  start === end ? formatDate(start) : `${formatDate(start)} – ${formatDate(end)}`;
export const rotationKind = (r: Pick<Request, 'kind'>) => (r.kind === 'preceptor' ? 'Preceptor' : 'Clinical time');

export const isActiveRotation = (r: Request, today: string) => rotationPhase(r, today) === 'active';

/** Active rotations first, then upcoming ones, each by start day. */
export function rotations(requests: readonly Request[], today: string): Rotation[] {
  const list: Rotation[] = [];
  for (const request of requests) {
    const phase = rotationPhase(request, today);
    if (phase) list.push({ request, phase, period: requestPeriod(request)! });
  }
  return list.sort(
    (a, b) =>
      (a.phase === b.phase ? 0 : a.phase === 'active' ? -1 : 1) ||
      a.period.start.localeCompare(b.period.start) ||
      a.request.id.localeCompare(b.request.id),
  );
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
  requests: readonly Request[],
  today: string,
): ClinicalTiles {
  const active = sites.filter((s) => s.isActive);
  return {
    activeSites: active.length,
    totalCapacity: active.reduce((sum, s) => sum + s.maxStudents, 0),
    clinicalHours: round1(addUpHours(hours).clinical),
    activeRotations: requests.filter((r) => isActiveRotation(r, today)).length,
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

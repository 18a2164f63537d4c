/** The Calendar tab's month grid and the clinical shifts placed on it, as plain data. */
import { format } from 'date-fns';

import { addDays } from '#schema/dates.ts';
import type { DomainRows } from '#sync/client/db.ts';

import { requestPeriod } from './clinical-rules.ts';

type Request = Pick<
  DomainRows['requests'],
  'id' | 'kind' | 'status' | 'studentId' | 'clinicalSiteId' | 'startAt' | 'endAt' | 'requestedDates'
>;

export interface CalendarDay {
  day: string;
  inMonth: boolean;
}

/** `YYYY-MM` of a day. */
export const monthOf = (day: string) => day.slice(0, 7);

/** The month `delta` months from `month` (both `YYYY-MM`). */
export function shiftMonth(month: string, delta: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
}

export const monthTitle = (month: string) => format(new Date(`${month}-01T00:00:00`), 'MMMM yyyy');

/** Whole weeks, Sunday to Saturday, covering the month; days of the neighbouring months are marked. */
export function monthWeeks(month: string): CalendarDay[][] {
  const [y, m] = month.split('-').map(Number);
  const first = `${month}-01`;
  const leading = new Date(Date.UTC(y, m - 1, 1)).getUTCDay();
  const daysInMonth = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const weeks: CalendarDay[][] = [];
  for (let w = 0; w < Math.ceil((leading + daysInMonth) / 7); w++) {
    weeks.push(
      Array.from({ length: 7 }, (_, d) => {
        const day = addDays(first, w * 7 + d - leading);
        return { day, inMonth: monthOf(day) === month };
      }),
    );
  }
  return weeks;
}

export interface Shift {
  /** Unique per day: a request spanning days has one shift on each. */
  key: string;
  request: Request;
  day: string;
  status: 'approved' | 'pending';
  /** 'HH:mm–HH:mm' of a clinical-time shift on this day; null for a whole-day preceptor date. */
  time: string | null;
}

/** A shift longer than this is a typing slip; the calendar shows its first weeks only, never thousands of days. */
const MAX_SHIFT_DAYS = 62;

const clock = (iso: string) => format(new Date(iso), 'HH:mm');

/**
 * Scheduled clinical shifts: approved and pending clinical-time requests on every day from start to end, and
 * approved and pending site preceptor requests on each requested date. Denied requests are not scheduled.
 */
export function scheduledShifts(requests: readonly Request[]): Shift[] {
  const shifts: Shift[] = [];
  for (const request of requests) {
    if (request.status !== 'approved' && request.status !== 'pending') continue;
    const status = request.status;
    if (request.kind === 'clinical-time') {
      const period = requestPeriod(request);
      if (!period) continue;
      for (let i = 0, day = period.start; day <= period.end && i < MAX_SHIFT_DAYS; i++, day = addDays(day, 1)) {
        const from = day === period.start ? clock(request.startAt!) : '00:00';
        const to = day === period.end && clock(request.endAt!) !== '00:00' ? clock(request.endAt!) : '24:00';
        shifts.push({ key: `${request.id}:${day}`, request, day, status, time: `${from}–${to}` });
      }
    } else if (request.kind === 'preceptor') {
      for (const day of new Set(request.requestedDates ?? []))
        shifts.push({ key: `${request.id}:${day}`, request, day, status, time: null });
    }
  }
  return shifts;
}

/** Shifts on each day from `from` to `to` (inclusive), in time order; whole-day shifts first. */
export function shiftsByDay(shifts: readonly Shift[], from: string, to: string): Map<string, Shift[]> {
  const byDay = new Map<string, Shift[]>();
  for (const s of shifts) {
    if (s.day < from || s.day > to) continue;
    byDay.set(s.day, [...(byDay.get(s.day) ?? []), s]);
  }
  for (const list of byDay.values())
    list.sort((a, b) => (a.time ?? '').localeCompare(b.time ?? '') || a.key.localeCompare(b.key));
  return byDay;
}

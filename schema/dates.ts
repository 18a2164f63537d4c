/** Calendar days written YYYY-MM-DD: today's day on this machine, and the arithmetic on days the reports and screens use. */
const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day of `now` on this machine's clock. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/*
 * Records of what happened cannot be dated after today. Programs keep no time zone, and a device offline may be in
 * any, so "today" is the latest one on earth: the day at UTC+14. That never refuses a record of the user's own today
 * wherever they are, and lets at most one day ahead through. An instant counts by the earliest day it is anywhere
 * (UTC-12), so an attempt stamped later today (a contact's attempts are stamped at local noon) is never refused.
 */
const HOUR_MS = 3_600_000;
const LATEST_OFFSET_MS = 14 * HOUR_MS;
const EARLIEST_OFFSET_MS = -12 * HOUR_MS;

/** The calendar day that is today in the time zone furthest ahead (UTC+14). */
export const latestToday = (now: Date) => toDay(now.getTime() + LATEST_OFFSET_MS);
/** A day (YYYY-MM-DD) that has not begun anywhere on earth yet. */
export const isAfterToday = (day: string, now: Date) => day.slice(0, 10) > latestToday(now);
/** A date-time whose earliest day anywhere (UTC-12) is after today everywhere. */
export function isInstantAfterToday(instant: string, now: Date): boolean {
  const at = Date.parse(instant);
  // not a time at all: the format check says so, and zod runs this refinement all the same
  return !Number.isNaN(at) && toDay(at + EARLIEST_OFFSET_MS) > latestToday(now);
}

/** Whole days from `from` to `to`; negative when `to` is earlier. Date-times count as their day. */
export const daysBetween = (from: string, to: string) => Math.round((dayMs(to) - dayMs(from)) / DAY_MS);
export const addDays = (day: string, n: number) => toDay(dayMs(day) + n * DAY_MS);
/** The same day `n` years later (29 February rolls to 1 March). */
export function addYears(day: string, n: number): string {
  const d = new Date(dayMs(day));
  d.setUTCFullYear(d.getUTCFullYear() + n);
  return toDay(d.getTime());
}
/** The first and last day of the calendar month `today` falls in. */
export function calendarMonth(today: string): { start: string; end: string } {
  const [year, month] = [Number(today.slice(0, 4)), Number(today.slice(5, 7))];
  // day 0 of the next month is this month's last day
  return { start: `${today.slice(0, 7)}-01`, end: toDay(Date.UTC(year, month, 0)) };
}

/** The academic year starts on 1 August: the first and last day of the one `today` falls in. */
export function academicYear(today: string): { start: string; end: string } {
  const year = Number(today.slice(0, 4));
  const startYear = today.slice(5, 7) >= '08' ? year : year - 1;
  return { start: `${startYear}-08-01`, end: `${startYear + 1}-07-31` };
}

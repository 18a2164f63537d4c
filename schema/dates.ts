/** Calendar days written YYYY-MM-DD: today's day on this machine, and the arithmetic on days the reports and screens use. */
const DAY_MS = 86_400_000;
const dayMs = (day: string) => Date.parse(`${day.slice(0, 10)}T00:00:00Z`);
const toDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The calendar day of `now` on this machine's clock. */
export function localDay(now: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
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

/** Display rules from the spec's business constants (section 9), used by every screen that shows these figures. */

export type Tone = 'green' | 'blue' | 'yellow' | 'red' | 'slate';

/** Student progress: 90% or more green, 70 to 89 blue, 50 to 69 yellow, below 50 red. */
export function progressTone(percent: number): Tone {
  if (percent >= 90) return 'green';
  if (percent >= 70) return 'blue';
  if (percent >= 50) return 'yellow';
  return 'red';
}

/** Graduating soon: progress 90% or more. */
export const isGraduatingSoon = (percent: number) => percent >= 90;

/** Site capacity: below 70% green, below 90% yellow, otherwise red. */
export function capacityTone(current: number, max: number): Tone {
  const ratio = max > 0 ? current / max : 1;
  if (ratio < 0.7) return 'green';
  if (ratio < 0.9) return 'yellow';
  return 'red';
}

/** Instructor rating: 4.5 or more green, 4.0 or more blue, 3.5 or more yellow, otherwise red. */
export function ratingTone(rating: number): Tone {
  if (rating >= 4.5) return 'green';
  if (rating >= 4) return 'blue';
  if (rating >= 3.5) return 'yellow';
  return 'red';
}

/** A bar's fill, capped at 100%. */
export const barPercent = (done: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;

/** GPA (spec part 2, section 4): green at 3.5 or above, yellow at 3.0 or above, red below. */
export function gpaTone(gpa: number): Tone {
  if (gpa >= 3.5) return 'green';
  if (gpa >= 3) return 'yellow';
  return 'red';
}

/** Days remaining to graduation (spec part 2, section 4): red under 30 (and once passed), yellow under 90, green otherwise. */
export function daysRemainingTone(days: number): Tone {
  if (days < 30) return 'red';
  if (days < 90) return 'yellow';
  return 'green';
}

export const STUDENT_DISPLAY_STATUSES = ['Active', 'Graduated', 'Inactive'] as const;
export type StudentDisplayStatus = (typeof STUDENT_DISPLAY_STATUSES)[number];

/** A student's derived status (spec part 2, section 4): Graduated if a graduation date exists, else Active or Inactive. */
export function studentStatus(s: { graduationDate: string | null; isActive: boolean }): StudentDisplayStatus {
  if (s.graduationDate) return 'Graduated';
  return s.isActive ? 'Active' : 'Inactive';
}

/** How a standards item's confidence (verbatim, paraphrased, uncertain) is shown. */
const CONFIDENCE_DISPLAY: Record<string, { label: string; tone: Tone }> = {
  verbatim: { label: 'Verbatim', tone: 'green' },
  paraphrased: { label: 'Paraphrased', tone: 'blue' },
  uncertain: { label: 'Uncertain', tone: 'yellow' },
};
export const confidenceDisplay = (c: string) => CONFIDENCE_DISPLAY[c] ?? { label: c, tone: 'slate' as Tone };

/** Bytes, KB, MB or GB, factor 1024, 2 decimals. */
export function formatFileSize(bytes: number): string {
  if (bytes === 0) return '0 Bytes';
  const units = ['Bytes', 'KB', 'MB', 'GB'];
  const i = Math.min(units.length - 1, Math.floor(Math.log(bytes) / Math.log(1024)));
  return `${parseFloat((bytes / 1024 ** i).toFixed(2))} ${units[i]}`;
}

/*
 * The browser's own date formatting (Intl) rather than a date library's: these load with the first screen, and
 * date-fns' format with its locale was 6 KB of it (bench:web). Each formatter is made on first use: making one loads
 * the locale's data (50 ms on a throttled phone), which a screen that shows no date need not wait for.
 */
const formatter = (options: Intl.DateTimeFormatOptions) => {
  let made: Intl.DateTimeFormat | undefined;
  return () => (made ??= new Intl.DateTimeFormat('en-US', options));
};
const DATE = formatter({ month: 'short', day: 'numeric', year: 'numeric' });
const DATE_TIME = formatter({ month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit' });
const DAY_TIME = formatter({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' });
const TIME = formatter({ hour: 'numeric', minute: '2-digit' });

/** A stored date or time as a Date; a date alone ('2026-05-01') is that day on this device, not midnight in London. */
function toDate(iso: string) {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return day ? new Date(Number(day[1]), Number(day[2]) - 1, Number(day[3])) : new Date(iso);
}

/** ICU puts a narrow no-break space before AM/PM; a plain one reads and searches the same everywhere. */
const formatWith = (f: () => Intl.DateTimeFormat, iso: string) =>
  f()
    .format(toDate(iso))
    .replace(/\u202f/g, ' ');

/** An ISO date or timestamp as 'Nov 21, 2026'; empty for none. */
export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  return formatWith(DATE, iso);
}

/** An ISO timestamp as 'Nov 21, 2026, 7:40 PM'. */
export const formatDateTime = (iso: string) => formatWith(DATE_TIME, iso);

/** An ISO timestamp as 'Nov 21, 7:40 PM'. */
export const formatDayTime = (iso: string) => formatWith(DAY_TIME, iso);

/** An ISO timestamp's time of day, '7:40 PM'. */
export const formatTime = (iso: string) => formatWith(TIME, iso);

let counts: Intl.NumberFormat | undefined;
/** A count with thousands marked, '2,000' (made on first use, as the date formatters are). */
export const formatCount = (n: number) => (counts ??= new Intl.NumberFormat('en-US')).format(n);

export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`;

/** A count with its noun: '1 attempt', '2 attempts', '1 patient contact' (the rule the server writes counts with). */
export { plural } from '#schema/plural.ts';

/**
 * The CoAEMSP annual-report outcomes (research wave 3 §2), defined once: retention, positive placement and the written
 * exam's first-attempt and cumulative (<= 3, <= 6 attempts) pass rates for one program and calendar year, each with
 * its numerator, denominator and whether it falls below the threshold. The server's worksheet and the screen both
 * read `annualReportFigures`; the forms validate with the schemas below.
 */
import { z } from 'zod';

import { happenedOn, intInRange, refId } from './common.ts';
import { MSG } from './messages.ts';

/** CoAEMSP's threshold for retention, placement and the written exam ("set by the CoAEMSP", wave 3 §2). */
export const OUTCOME_THRESHOLD_PERCENT = 70;

/** Positive placement: employed in a related field, continuing education, military, or volunteering (wave 3 §2). */
export const PLACEMENTS = ['employed', 'continuing_education', 'military', 'volunteer', 'not_placed'] as const;
export type Placement = (typeof PLACEMENTS)[number];
export const PLACEMENT_LABELS: Record<Placement, string> = {
  employed: 'Employed in a related field',
  continuing_education: 'Continuing education',
  military: 'Serving in the military',
  volunteer: 'Volunteering in the profession',
  not_placed: 'Not placed',
};
const isPositive = (p: Placement | null) => p !== null && p !== 'not_placed';

/**
 * Why a student left before graduating. The national exclusions are not published (wave 3 §2, [U]), so the program
 * decides: `excluded` (military call-up, death, medical) leaves the student out of retention; `attrition` counts.
 */
export const EXIT_REASONS = ['attrition', 'excluded'] as const;
export type ExitReason = (typeof EXIT_REASONS)[number];
export const EXIT_REASON_LABELS: Record<ExitReason, string> = {
  attrition: 'Left the program (counts against retention)',
  excluded: 'Excluded (military, death, medical)',
};

/** The most attempts a graduate may record; the cumulative rates read up to 6. */
export const MAX_EXAM_ATTEMPT = 20;

/** A student's outcome: a graduate's placement, or the exit of a student who left. */
export const outcomeSchema = z
  .object({
    studentId: refId(MSG.studentRequired),
    placement: z.enum(PLACEMENTS, { error: MSG.placementRequired }).nullish(),
    exitDate: happenedOn().nullish(),
    exitReason: z.enum(EXIT_REASONS, { error: MSG.exitReasonRequired }).nullish(),
  })
  .transform((o) => ({
    studentId: o.studentId,
    placement: o.placement ?? null,
    exitDate: o.exitDate ?? null,
    exitReason: o.exitReason ?? null,
  }))
  .superRefine((o, ctx) => {
    if (o.placement && (o.exitDate || o.exitReason))
      ctx.addIssue({ code: 'custom', path: ['placement'], message: MSG.outcomeOneKind });
    else if (!o.placement && !o.exitDate && !o.exitReason)
      ctx.addIssue({ code: 'custom', path: ['placement'], message: MSG.placementRequired });
    else if (o.exitDate && !o.exitReason)
      ctx.addIssue({ code: 'custom', path: ['exitReason'], message: MSG.exitReasonRequired });
    else if (o.exitReason && !o.exitDate)
      ctx.addIssue({ code: 'custom', path: ['exitDate'], message: MSG.dateInvalid });
  });

/** One written-exam attempt of a graduate. */
export const examAttemptSchema = z.object({
  studentId: refId(MSG.studentRequired),
  attemptNumber: intInRange(1, MAX_EXAM_ATTEMPT, MSG.examAttemptNumber),
  takenOn: happenedOn(),
  passed: z.boolean({ error: MSG.examResultRequired }),
});

/** A calendar year as a query gives it. */
const reportYearSchema = z.coerce
  .number({ error: MSG.yearInvalid })
  .int(MSG.yearInvalid)
  .min(1900, MSG.yearInvalid)
  .max(9999, MSG.yearInvalid);

/** The worksheet's query: a program and a calendar year. */
export const worksheetQuerySchema = z.object({ programId: refId(MSG.programRequired), year: reportYearSchema });

const outcomeRateSchema = z.strictObject({
  numerator: z.number().int(),
  denominator: z.number().int(),
  /** Whole percent; null when the denominator is zero (shown as `empty`, never 0 % or NaN). */
  percent: z.number().int().nullable(),
  /** `below` the threshold, `meets` it (at or above), or `empty`: nobody to count. */
  flag: z.enum(['below', 'meets', 'empty']),
  /** What a zero denominator reads as. */
  empty: z.string(),
});
export type OutcomeRate = z.infer<typeof outcomeRateSchema>;

/** Compared in whole numbers, so 7 of 10 meets 70 % exactly and rounding never moves a program across the line. */
export function outcomeRate(numerator: number, denominator: number, empty: string): OutcomeRate {
  if (denominator === 0) return { numerator, denominator, percent: null, flag: 'empty', empty };
  const below = numerator * 100 < OUTCOME_THRESHOLD_PERCENT * denominator;
  return {
    numerator,
    denominator,
    percent: Math.round((numerator / denominator) * 100),
    flag: below ? 'below' : 'meets',
    empty,
  };
}

export interface OutcomeStudent {
  id: string;
  graduationDate: string | null;
}
export interface OutcomeRecord {
  studentId: string;
  placement: Placement | null;
  exitDate: string | null;
  exitReason: ExitReason | null;
}
export interface ExamAttemptRecord {
  studentId: string;
  attemptNumber: number;
  passed: boolean;
}

export const annualReportFiguresSchema = z.strictObject({
  year: z.number().int(),
  graduates: z.number().int(),
  /** Students who left in the year and count against retention. */
  attrition: z.number().int(),
  retention: outcomeRateSchema,
  placement: outcomeRateSchema,
  /** Graduates of the year whose placement is not entered yet (counted as not placed). */
  placementMissing: z.number().int(),
  examFirstAttempt: outcomeRateSchema,
  examWithin3: outcomeRateSchema,
  examWithin6: outcomeRateSchema,
});
export type AnnualReportFigures = z.infer<typeof annualReportFiguresSchema>;

const inYear = (day: string | null, year: number) => !!day && day.slice(0, 4) === String(year);

/** The lowest attempt number a graduate passed on; undefined when none passed. */
function firstPass(attempts: readonly ExamAttemptRecord[]): number | undefined {
  const passes = attempts.filter((a) => a.passed).map((a) => a.attemptNumber);
  return passes.length ? Math.min(...passes) : undefined;
}

/**
 * One program's outcomes for a calendar year. Reports are keyed on the year of graduation (wave 3 §2): retention is
 * the year's graduates over its graduates and attrition exits (excluded exits count in neither); placement the
 * graduates with a positive placement over all graduates; the exam rates the graduates who passed on the first, by
 * the third and by the sixth attempt over the graduates with any attempt recorded.
 */
export function annualReportFigures(
  year: number,
  students: readonly OutcomeStudent[],
  outcomes: readonly OutcomeRecord[],
  attempts: readonly ExamAttemptRecord[],
): AnnualReportFigures {
  const graduates = students.filter((s) => inYear(s.graduationDate, year));
  const graduateIds = new Set(graduates.map((s) => s.id));
  const outcomeOf = new Map(outcomes.map((o) => [o.studentId, o]));
  const attrition = students.filter((s) => {
    const o = outcomeOf.get(s.id);
    return !s.graduationDate && o?.exitReason === 'attrition' && inYear(o.exitDate, year);
  }).length;
  const placed = graduates.filter((s) => isPositive(outcomeOf.get(s.id)?.placement ?? null)).length;
  const missing = graduates.filter((s) => !outcomeOf.get(s.id)?.placement).length;
  const byGraduate = new Map<string, ExamAttemptRecord[]>();
  for (const a of attempts) {
    if (!graduateIds.has(a.studentId)) continue;
    const list = byGraduate.get(a.studentId) ?? [];
    list.push(a);
    byGraduate.set(a.studentId, list);
  }
  const passedOn = [...byGraduate.values()].map(firstPass);
  const tested = passedOn.length;
  const passedBy = (n: number) => passedOn.filter((p) => p !== undefined && p <= n).length;
  return {
    year,
    graduates: graduates.length,
    attrition,
    retention: outcomeRate(graduates.length, graduates.length + attrition, MSG.noStudentsFinished),
    placement: outcomeRate(placed, graduates.length, MSG.noGraduates),
    placementMissing: missing,
    examFirstAttempt: outcomeRate(passedBy(1), tested, MSG.noGraduatesTested),
    examWithin3: outcomeRate(passedBy(3), tested, MSG.noGraduatesTested),
    examWithin6: outcomeRate(passedBy(6), tested, MSG.noGraduatesTested),
  };
}

export const OUTCOME_RATE_LABELS = {
  retention: 'Retention',
  placement: 'Positive placement',
  examFirstAttempt: 'Written exam, first attempt',
  examWithin3: 'Written exam, within 3 attempts',
  examWithin6: 'Written exam, within 6 attempts',
} as const satisfies Partial<Record<keyof AnnualReportFigures, string>>;
export type OutcomeRateKey = keyof typeof OUTCOME_RATE_LABELS;
export const OUTCOME_RATE_KEYS = Object.keys(OUTCOME_RATE_LABELS) as OutcomeRateKey[];

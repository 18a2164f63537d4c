/**
 * A police trainee's field training from their Daily Observation Reports: each category's ratings over time, its
 * latest rating and mean score, the training week and its advancement rule (schema/dor.ts), the share rated
 * acceptable in each week, who has signed how many reports, and what is missing. Reports count once their FTO has
 * completed them; drafts only count as missing. The one definition the DOR tracker, the portfolio (screen, PDF, CSV,
 * XLSX) and its attestation read.
 */
import { daysBetween } from './dates.ts';
import { type DorCategory, type DorPhaseRule, type DorRating, type DorRatingValue, MINIMUM_ACCEPTABLE } from './dor.ts';

export interface DorForProgress {
  date: string;
  status: string;
  ratings: Record<string, DorRating>;
}

/** A score, or null for a flag (N.O., NRT, REM carry no number to chart). */
const scoreOf = (r: DorRatingValue | undefined) => (typeof r === 'number' ? r : null);

export interface DorProgress {
  /**
   * One point per completed report, oldest first: its date, each category's rating as given (null: not rated) and its
   * score (null: a flag or not rated).
   */
  points: { date: string; ratings: Record<string, DorRatingValue | null>; scores: Record<string, number | null> }[];
  /** Weeks since the first completed report, from 1; null before any. */
  week: number | null;
  /** The rule for this week (the last rule once past them all); null before any report or with no rules. */
  rule: DorPhaseRule | null;
  /** Which of the program's rules that is, from 1: the trainee's phase. */
  phase: number | null;
  /** This week's share of rated categories at least minimally acceptable (latest score per category), 0 to 1. */
  share: number | null;
  /** The same share for each week with a completed report, oldest first (null: nothing scored that week). */
  weeks: { week: number; share: number | null }[];
  mayAdvance: boolean;
  /** Each category's latest rating as given (a flag too) and mean score over every completed report, to 0.1. */
  categories: { code: string; name: string; latest: DorRatingValue | null; mean: number | null }[];
  /** Reports signed by the FTO (completed), the trainee (acknowledged) and a supervisor (reviewed): each signs after the one before. */
  signed: { fto: number; trainee: number; supervisor: number };
  missing: {
    toComplete: number;
    toAcknowledge: number;
    toReview: number;
    /** Categories no completed report has scored yet. */
    neverScored: DorCategory[];
  };
}

export function dorProgress(
  dors: readonly DorForProgress[],
  categories: readonly DorCategory[],
  rules: readonly DorPhaseRule[],
): DorProgress {
  const completed = dors.filter((d) => d.status !== 'draft').sort((a, b) => a.date.localeCompare(b.date));
  const points = completed.map((d) => ({
    date: d.date,
    ratings: Object.fromEntries(categories.map((c) => [c.code, d.ratings[c.code]?.rating ?? null])),
    scores: Object.fromEntries(categories.map((c) => [c.code, scoreOf(d.ratings[c.code]?.rating)])),
  }));
  const first = completed[0]?.date;
  const latest = completed.at(-1)?.date;
  const week = first && latest ? weekOf(first, latest) : null;
  const rule = week === null ? null : ruleFor(rules, week);
  const weeks = [...new Set(completed.map((d) => weekOf(first!, d.date)))].map((w) => ({
    week: w,
    share: shareOfWeek(points, categories, first!, w),
  }));
  const share = weeks.find((w) => w.week === week)?.share ?? null;
  const signedAt = (statuses: readonly string[]) => dors.filter((d) => statuses.includes(d.status)).length;
  return {
    points,
    week,
    rule,
    phase: rule === null ? null : rules.indexOf(rule) + 1,
    share,
    weeks,
    mayAdvance: rule !== null && share !== null && share >= rule.minShare,
    categories: categories.map((c) => ({
      code: c.code,
      name: c.name,
      latest: points.findLast((p) => p.ratings[c.code] !== null)?.ratings[c.code] ?? null,
      mean: meanScore(points.map((p) => p.scores[c.code] ?? null)),
    })),
    signed: {
      fto: signedAt(['completed', 'acknowledged', 'reviewed']),
      trainee: signedAt(['acknowledged', 'reviewed']),
      supervisor: signedAt(['reviewed']),
    },
    missing: {
      toComplete: dors.filter((d) => d.status === 'draft').length,
      toAcknowledge: dors.filter((d) => d.status === 'completed').length,
      toReview: dors.filter((d) => d.status === 'acknowledged').length,
      neverScored: categories.filter((c) => points.every((p) => p.scores[c.code] === null)),
    },
  };
}

/** What a report line and the portfolio show of a trainee's field training, from their progress. */
export interface FieldTraining {
  phase: number | null;
  phases: number;
  week: number | null;
  share: number | null;
  /** The share the phase needs, 0 to 1. */
  minShare: number | null;
  mayAdvance: boolean;
  signed: DorProgress['signed'];
}

export const fieldTrainingOf = (progress: DorProgress, phases: number): FieldTraining => ({
  phase: progress.phase,
  phases,
  week: progress.week,
  share: progress.share,
  minShare: progress.rule?.minShare ?? null,
  mayAdvance: progress.mayAdvance,
  signed: progress.signed,
});

const percentOf = (share: number) => `${Math.round(share * 100)} %`;

/** A trainee's field training in one line of text, as the progress report's card shows it. */
export function fieldTrainingText(f: FieldTraining): string {
  if (f.phase === null) return 'No completed report yet';
  const share = f.share === null ? 'none rated this week' : `${percentOf(f.share)} acceptable this week`;
  const needs = f.minShare === null ? '' : ` (needs ${percentOf(f.minShare)})`;
  return `Phase ${f.phase} of ${f.phases} · ${share}${needs} · ${f.mayAdvance ? 'may advance' : 'not yet'}`;
}

function ruleFor(rules: readonly DorPhaseRule[], week: number): DorPhaseRule | null {
  const last = rules.at(-1);
  return rules.find((r) => week >= r.fromWeek && week <= r.toWeek) ?? (last && week > last.toWeek ? last : null);
}

/** The training week of a date, from 1, counted from the first completed report. */
const weekOf = (first: string, date: string) => Math.floor(daysBetween(first, date) / 7) + 1;

/** The mean of a category's scores over every completed report, to one decimal; null when never scored. */
function meanScore(scores: readonly (number | null)[]): number | null {
  const numbers = scores.filter((n): n is number => n !== null);
  return numbers.length === 0 ? null : Math.round((numbers.reduce((a, b) => a + b, 0) / numbers.length) * 10) / 10;
}

/** Of the categories scored in the reports of a week, the share whose latest score is acceptable. */
function shareOfWeek(
  points: DorProgress['points'],
  categories: readonly DorCategory[],
  first: string,
  week: number,
): number | null {
  const thisWeek = points.filter((p) => weekOf(first, p.date) === week);
  let scored = 0;
  let acceptable = 0;
  for (const c of categories) {
    const latest = thisWeek.findLast((p) => p.scores[c.code] !== null)?.scores[c.code];
    if (latest == null) continue;
    scored += 1;
    if (latest >= MINIMUM_ACCEPTABLE) acceptable += 1;
  }
  return scored === 0 ? null : acceptable / scored;
}

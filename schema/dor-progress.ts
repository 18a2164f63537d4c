/**
 * A police trainee's field training from their Daily Observation Reports, as the tracker shows it: each category's
 * ratings over time, the training week and its advancement rule (schema/dor.ts), and what is missing. Reports count
 * once their FTO has completed them; drafts only count as missing.
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
  mayAdvance: boolean;
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
  const week = first && latest ? Math.floor(daysBetween(first, latest) / 7) + 1 : null;
  const rule = week === null ? null : ruleFor(rules, week);
  const share = week === null ? null : shareThisWeek(points, categories, first!, week);
  return {
    points,
    week,
    rule,
    phase: rule === null ? null : rules.indexOf(rule) + 1,
    share,
    mayAdvance: rule !== null && share !== null && share >= rule.minShare,
    missing: {
      toComplete: dors.filter((d) => d.status === 'draft').length,
      toAcknowledge: dors.filter((d) => d.status === 'completed').length,
      toReview: dors.filter((d) => d.status === 'acknowledged').length,
      neverScored: categories.filter((c) => points.every((p) => p.scores[c.code] === null)),
    },
  };
}

function ruleFor(rules: readonly DorPhaseRule[], week: number): DorPhaseRule | null {
  const last = rules.at(-1);
  return rules.find((r) => week >= r.fromWeek && week <= r.toWeek) ?? (last && week > last.toWeek ? last : null);
}

/** Of the categories scored in the reports of the current week, the share whose latest score is acceptable. */
function shareThisWeek(
  points: DorProgress['points'],
  categories: readonly DorCategory[],
  first: string,
  week: number,
): number | null {
  const thisWeek = points.filter((p) => Math.floor(daysBetween(first, p.date) / 7) + 1 === week);
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

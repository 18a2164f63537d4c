/** The EMS competency matrix's figures: skills of a level grouped by domain, filters, and the tracker's tiles. */
import {
  ATTEMPT_SETTING_LABELS,
  ATTEMPT_SETTINGS,
  EMS_COMPETENCY_CATEGORIES,
  type SkillStatus,
} from '#schema/enums.ts';
import { overallProgress, round1, skillsCompleted } from '#schema/progress.ts';
import { notCountedYet, type SkillMinimum } from '#schema/skill-figures.ts';
import { bySmcNumber } from '#schema/skill-order.ts';
import type { HoursTotals } from '#schema/student-summary.ts';
import type { DomainRows } from '#sync/client/db.ts';

export type MatrixSkill = Pick<
  DomainRows['skills'],
  | 'id'
  | 'name'
  | 'description'
  | 'category'
  | 'competencyDomain'
  | 'smcMatrixNumber'
  | 'clinicalHoursRequired'
  | 'fieldHoursRequired'
  | 'minimumAttempts'
>;
export type MatrixProgress = Pick<
  DomainRows['studentSkills'],
  'skillId' | 'status' | 'progressPercentage' | 'attempts' | 'successfulAttempts'
> &
  Partial<Pick<DomainRows['studentSkills'], 'attemptsBySetting' | 'pendingAttempts' | 'observedAttempts'>>;

/** A skill's domain: its competency domain, else its category. */
export const domainOf = (skill: Pick<MatrixSkill, 'competencyDomain' | 'category'>) =>
  skill.competencyDomain || skill.category;

/**
 * What the card says about the evidence: successful attempts against the minimum, the settings with a minimum or an
 * attempt (successful of needed), and what does not count yet (awaiting verification, observed).
 */
export function evidenceLines(progress: MatrixProgress | undefined, minimum: SkillMinimum) {
  const bySetting = progress?.attemptsBySetting;
  const settings = ATTEMPT_SETTINGS.flatMap((setting) => {
    const need = minimum.bySetting[setting];
    const done = bySetting?.[setting]?.successful ?? 0;
    if (!need && !bySetting?.[setting]?.attempts) return [];
    return [`${ATTEMPT_SETTING_LABELS[setting]} ${done}${need ? ` of ${need}` : ''}`];
  });
  return {
    successful: `${progress?.successfulAttempts ?? 0} of ${minimum.total} successful`,
    settings: settings.join(' · '),
    waiting: notCountedYet(progress),
  };
}

/** A missing progress record counts as not started. */
export const statusOf = (progress: MatrixProgress | undefined): SkillStatus =>
  (progress?.status as SkillStatus | undefined) ?? 'not_started';

const DOMAIN_ORDER = new Map<string, number>(EMS_COMPETENCY_CATEGORIES.map((c, i) => [c, i]));
/** The spec's category order first (it follows the curriculum), then any other domain alphabetically. */
const compareDomains = (a: string, b: string) =>
  (DOMAIN_ORDER.get(a) ?? Infinity) - (DOMAIN_ORDER.get(b) ?? Infinity) || a.localeCompare(b);

/** Domains present among the skills, in display order (the domain filter's options). */
export function domainsPresent(skills: readonly MatrixSkill[]): string[] {
  return [...new Set(skills.map(domainOf))].sort(compareDomains);
}

export interface SkillFilter {
  /** A domain, or '' for All Domains. */
  domain: string;
  /** Part of a skill name (the header search's `q`), case-insensitive. */
  query: string;
}

export function filterSkills<S extends MatrixSkill>(skills: readonly S[], { domain, query }: SkillFilter): S[] {
  const needle = query.trim().toLowerCase();
  return skills.filter(
    (s) => (!domain || domainOf(s) === domain) && (!needle || s.name.toLowerCase().includes(needle)),
  );
}

export interface DomainGroup<S extends MatrixSkill = MatrixSkill> {
  domain: string;
  skills: S[];
  completed: number;
  total: number;
  /** Completed of total, rounded. */
  percent: number;
}

export function groupByDomain<S extends MatrixSkill>(
  skills: readonly S[],
  progressBySkill: ReadonlyMap<string, MatrixProgress>,
): DomainGroup<S>[] {
  const groups = new Map<string, S[]>();
  for (const skill of skills) {
    const domain = domainOf(skill);
    const list = groups.get(domain);
    if (list) list.push(skill);
    else groups.set(domain, [skill]);
  }
  return [...groups.keys()].sort(compareDomains).map((domain) => {
    const list = groups.get(domain)!.sort(bySmcNumber);
    const completed = list.filter((s) => statusOf(progressBySkill.get(s.id)) === 'completed').length;
    return {
      domain,
      skills: list,
      completed,
      total: list.length,
      percent: list.length ? Math.round((completed / list.length) * 100) : 0,
    };
  });
}

export interface TrackerFigures {
  totalCompetencies: number;
  completed: number;
  /** The student's logged hours (clinicalHours rows). */
  clinicalHours: number;
  fieldHours: number;
  /** What the level's skills ask for, shown as a hint. */
  clinicalHoursRequired: number;
  fieldHoursRequired: number;
  overallProgress: number;
}

/** The four tiles and the overall progress bar, over every skill of the level (the domain filter narrows only the matrix). */
export function trackerFigures(
  levelSkills: readonly MatrixSkill[],
  progressBySkill: ReadonlyMap<string, MatrixProgress>,
  hours: HoursTotals,
): TrackerFigures {
  const ids = levelSkills.map((s) => s.id);
  return {
    totalCompetencies: ids.length,
    completed: skillsCompleted(ids, progressBySkill),
    clinicalHours: round1(hours.clinical),
    fieldHours: round1(hours.field),
    clinicalHoursRequired: round1(levelSkills.reduce((sum, s) => sum + (s.clinicalHoursRequired ?? 0), 0)),
    fieldHoursRequired: round1(levelSkills.reduce((sum, s) => sum + (s.fieldHoursRequired ?? 0), 0)),
    overallProgress: overallProgress(ids, progressBySkill),
  };
}

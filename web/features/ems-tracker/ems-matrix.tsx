/**
 * The Competency Matrix: skills grouped by domain, each with the chosen student's status. Rendered from props only
 * (no live query per card) and grouped once per change of skills or progress, so a paramedic matrix stays fast.
 */
import { Link } from '@tanstack/react-router';
import { memo, useMemo } from 'react';

import { type SkillMinimum, skillMinimum } from '#schema/skill-figures.ts';
import { plural, progressTone } from '#web/lib/format.ts';
import type { logSkillLink } from '#web/lib/skill-entry-search.ts';
import { Badge, EmptyState, ProgressBar } from '#web/lib/ui/display.tsx';
import { buttonClass } from '#web/lib/ui/styles.ts';

import {
  type DomainGroup,
  evidenceLines,
  groupByDomain,
  type MatrixProgress,
  type MatrixSkill,
  statusOf,
} from './matrix.ts';
import { STATUS_TONES, StatusBadge } from './status-badge.tsx';

export interface EmsMatrixProps {
  skills: readonly MatrixSkill[];
  /** The chosen student's progress by skill id; null when no student is chosen (the level's catalogue is shown). */
  progressBySkill: ReadonlyMap<string, MatrixProgress> | null;
  /** The student's program's own minimums by skill id, where it set them (else the catalogue's minimum attempts). */
  minimums?: Record<string, SkillMinimum> | null;
  /** Where a skill's "Log attempt" leads (skill entry's one-tap card); absent for those who may not log. */
  logLink?: (skillId: string) => ReturnType<typeof logSkillLink>;
}

const NO_PROGRESS: ReadonlyMap<string, MatrixProgress> = new Map();

export function EmsMatrix({ skills, progressBySkill, minimums = null, logLink }: EmsMatrixProps) {
  const groups = useMemo(() => groupByDomain(skills, progressBySkill ?? NO_PROGRESS), [skills, progressBySkill]);
  if (groups.length === 0) {
    return (
      <EmptyState title="No competencies to show" text="No skills of this level match the chosen domain and search." />
    );
  }
  return (
    <div role="region" aria-label="Competency matrix" className="flex flex-col gap-4">
      {groups.map((group) => (
        <DomainCard
          key={group.domain}
          group={group}
          progressBySkill={progressBySkill}
          minimums={minimums}
          logLink={logLink}
        />
      ))}
    </div>
  );
}

/** content-visibility lets the browser skip layout and paint of domains below the fold (most of a paramedic matrix). */
function DomainCard({
  group,
  progressBySkill,
  minimums,
  logLink,
}: {
  group: DomainGroup;
  progressBySkill: ReadonlyMap<string, MatrixProgress> | null;
  minimums: Record<string, SkillMinimum> | null;
  logLink: EmsMatrixProps['logLink'];
}) {
  return (
    <section
      aria-label={group.domain}
      className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm [contain-intrinsic-size:auto_40rem] [content-visibility:auto]"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="text-base font-semibold text-slate-900">{group.domain}</h3>
        {progressBySkill ? (
          <p className="text-sm text-slate-700">
            {`${group.completed} of ${group.total} completed · `}
            <span className="font-semibold">{`${group.percent}%`}</span>
          </p>
        ) : (
          <p className="text-sm text-slate-700">{plural(group.total, 'skill')}</p>
        )}
      </div>
      {progressBySkill && (
        <div className="mt-2">
          <ProgressBar percent={group.percent} tone={progressTone(group.percent)} label={`${group.domain} completed`} />
        </div>
      )}
      <ul className="mt-3 grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
        {group.skills.map((skill) => (
          <SkillCard
            key={skill.id}
            skill={skill}
            minimum={skillMinimum(minimums, skill)}
            progress={progressBySkill ? (progressBySkill.get(skill.id) ?? null) : undefined}
            logLink={logLink}
          />
        ))}
      </ul>
    </section>
  );
}

/** `progress` undefined: no student chosen; null: the student has no record for the skill (not started). */
const SkillCard = memo(function SkillCard({
  skill,
  minimum,
  progress,
  logLink,
}: {
  skill: MatrixSkill;
  minimum: SkillMinimum;
  progress: MatrixProgress | null | undefined;
  logLink: EmsMatrixProps['logLink'];
}) {
  const percent = progress?.progressPercentage ?? 0;
  const status = statusOf(progress ?? undefined);
  const attempts = progress?.attempts ?? 0;
  const evidence = evidenceLines(progress ?? undefined, minimum);
  return (
    <li className="flex flex-col gap-2 rounded-lg border border-slate-200 p-3">
      <div className="flex items-start justify-between gap-2">
        <p className="font-medium text-slate-900">{skill.name}</p>
        {progress !== undefined && <StatusBadge status={status} />}
      </div>
      {skill.description && <p className="text-sm text-slate-600">{skill.description}</p>}
      <div className="flex flex-wrap gap-1.5">
        {skill.smcMatrixNumber && <Badge>{`SMC ${skill.smcMatrixNumber}`}</Badge>}
        {(skill.clinicalHoursRequired ?? 0) > 0 && (
          <Badge tone="blue">{`${skill.clinicalHoursRequired} clinical hrs`}</Badge>
        )}
        {(skill.fieldHoursRequired ?? 0) > 0 && <Badge tone="blue">{`${skill.fieldHoursRequired} field hrs`}</Badge>}
        {skill.minimumAttempts > 1 && <Badge tone="yellow">{`Min ${plural(skill.minimumAttempts, 'attempt')}`}</Badge>}
      </div>
      {progress !== undefined && (
        <div className="mt-auto flex flex-col gap-1 pt-1">
          <div className="flex justify-between text-sm text-slate-700">
            <span>{`${percent}%`}</span>
            <span>{plural(attempts, 'attempt')}</span>
          </div>
          <ProgressBar percent={percent} tone={STATUS_TONES[status]} label={`${skill.name} progress`} />
          <p className="text-sm text-slate-700">{evidence.successful}</p>
          {evidence.settings && <p className="text-xs text-slate-600">{evidence.settings}</p>}
          {evidence.waiting && <p className="text-xs text-amber-800">{evidence.waiting}</p>}
        </div>
      )}
      {logLink && (
        <Link {...logLink(skill.id)} aria-label={`Log attempt: ${skill.name}`} className={buttonClass('secondary')}>
          Log attempt
        </Link>
      )}
    </li>
  );
});

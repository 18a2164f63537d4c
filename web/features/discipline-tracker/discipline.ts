/** Wording that differs between the Fire and Police trackers, and how their status badges read. */
import { PROGRAM_TYPE_LABELS, SKILL_STATUS_LABELS, type SkillStatus, STANDARD_BY_PROGRAM_TYPE } from '#schema/enums.ts';
import type { Tone } from '#web/lib/format.ts';

import type { Discipline } from './tracker-figures.ts';

export interface DisciplineWording {
  /** 'Fire' or 'Police'. */
  label: string;
  /** The standard its skills reference: NFPA or POST. */
  standard: string;
  defaultProgramName: string;
  /** What the skills follow (spec section 1). */
  framework: string;
}

const FRAMEWORKS: Record<Discipline, string> = {
  fire: 'NFPA 1001/1010 with state-level customisation',
  police: 'the POST framework',
};

export function wordingFor(discipline: Discipline): DisciplineWording {
  const label = PROGRAM_TYPE_LABELS[discipline];
  return {
    label,
    standard: STANDARD_BY_PROGRAM_TYPE[discipline],
    defaultProgramName: `${label} Program`,
    framework: FRAMEWORKS[discipline],
  };
}

/** The Fire and Police badges shorten 'Remediation Required' to 'Remediation'. */
export const trackerStatusLabel = (status: SkillStatus) =>
  status === 'remediation_required' ? 'Remediation' : (SKILL_STATUS_LABELS[status] ?? status);

export const STATUS_TONES: Record<SkillStatus, Tone> = {
  not_started: 'slate',
  in_progress: 'blue',
  completed: 'green',
  needs_improvement: 'yellow',
  failed: 'red',
  remediation_required: 'red',
};

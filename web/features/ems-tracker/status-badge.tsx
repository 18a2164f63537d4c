import { SKILL_STATUS_LABELS, type SkillStatus } from '#schema/enums.ts';
import type { Tone } from '#web/lib/format.ts';
import { TONE_CLASSES } from '#web/lib/ui/styles.ts';

/** Done green, under way blue, needs another go amber or red, untouched grey. */
export const STATUS_TONES: Record<SkillStatus, Tone> = {
  completed: 'green',
  in_progress: 'blue',
  needs_improvement: 'yellow',
  remediation_required: 'yellow',
  failed: 'red',
  not_started: 'slate',
};

/** The shared Badge's look, kept on one line so a narrow card never splits 'In Progress'. */
export function StatusBadge({ status }: { status: SkillStatus }) {
  return (
    <span
      className={`inline-flex shrink-0 items-center whitespace-nowrap rounded-full px-2 py-0.5 text-xs font-medium ${TONE_CLASSES[STATUS_TONES[status] ?? 'slate']}`}
    >
      {SKILL_STATUS_LABELS[status] ?? status}
    </span>
  );
}

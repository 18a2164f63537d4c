/** Progress rules shared by the server's reports and the app's offline screens. */

export interface ProgressLike {
  skillId: string;
  status: string;
  progressPercentage: number;
}

/** A student's overall progress: the sum of progress over the level's skills divided by their number; a missing record counts as not started (0). */
export function overallProgress(skillIds: readonly string[], progressBySkill: ReadonlyMap<string, ProgressLike>): number {
  if (skillIds.length === 0) return 0;
  const sum = skillIds.reduce((acc, id) => acc + (progressBySkill.get(id)?.progressPercentage ?? 0), 0);
  return Math.round(sum / skillIds.length);
}

export function skillsCompleted(skillIds: readonly string[], progressBySkill: ReadonlyMap<string, ProgressLike>): number {
  return skillIds.filter((id) => progressBySkill.get(id)?.status === 'completed').length;
}

export type BadgeColor = 'green' | 'blue' | 'yellow' | 'red';

/** Student progress badge: 90% or more green, 70-89 blue, 50-69 yellow, below 50 red. */
export function progressColor(percent: number): BadgeColor {
  if (percent >= 90) return 'green';
  if (percent >= 70) return 'blue';
  if (percent >= 50) return 'yellow';
  return 'red';
}

/** Graduating soon: progress 90% or more. */
export const GRADUATING_SOON_PERCENT = 90;

/** Which skills level a student is measured against: EMS students carry their own level; others their program's. */
export function trackLevel(programType: string, programLevel: string | null, studentLevel: string | null): string | null {
  return programType === 'ems' ? studentLevel ?? programLevel : programLevel;
}

/** Hours toward the requirement, never below 0 remaining; the bar is capped at 100%. */
export function hoursRemaining(done: number, required: number): number {
  return Math.max(0, round1(required - done));
}
export function cappedPercent(done: number, total: number): number {
  return total > 0 ? Math.min(100, Math.round((done / total) * 100)) : 0;
}
export const round1 = (n: number) => Math.round(n * 10) / 10;

/** Progress rules shared by the server's reports and the app's offline screens. */

export interface ProgressLike {
  skillId: string;
  status: string;
  progressPercentage: number;
}

/**
 * A student's overall progress: the sum of progress over the level's skills divided by their number; a missing record
 * counts as not started (0). Progress comes from the records by skill, or from a function (a value at a past date).
 */
export function overallProgress(
  skillIds: readonly string[],
  progress: ReadonlyMap<string, ProgressLike> | ((skillId: string) => number),
): number {
  const percentOf =
    typeof progress === 'function' ? progress : (id: string) => progress.get(id)?.progressPercentage ?? 0;
  let sum = 0;
  for (const id of skillIds) sum += percentOf(id);
  return averageProgress(sum, skillIds.length);
}

/** The mean of a track's progress from its sum (a skill not started adds 0), rounded; 0 for a track of no skills. */
export const averageProgress = (sum: number, skills: number) => (skills === 0 ? 0 : Math.round(sum / skills));

export function skillsCompleted(
  skillIds: readonly string[],
  progressBySkill: ReadonlyMap<string, ProgressLike>,
): number {
  return skillIds.filter((id) => progressBySkill.get(id)?.status === 'completed').length;
}

/** Which skills level a student is measured against: EMS students carry their own level; others their program's. */
export function trackLevel(
  programType: string,
  programLevel: string | null,
  studentLevel: string | null,
): string | null {
  return programType === 'ems' ? (studentLevel ?? programLevel) : programLevel;
}

/** Hours still to do toward the requirement, never below 0. */
export function hoursRemaining(done: number, required: number): number {
  return Math.max(0, round1(required - done));
}
export const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * Success rate shown on the progress form: successful / total, rounded; 0 with no attempts. Never above 100: counts
 * that disagree (more successes than attempts, e.g. from an old correction) must not read as '300%'.
 */
export const successRate = (successful: number, total: number) =>
  total > 0 ? Math.min(100, Math.round((successful / total) * 100)) : 0;

/**
 * The device's side of api/domain/evidence/skill-summary.ts: a student's summary row for a skill, rewritten with new
 * figures by the same fold (schema/skill-figures.ts) against the same minimum.
 */
import { type SkillFigures, type SkillMinimum, skillMinimum, summaryAfter } from '#schema/skill-figures.ts';

import type { LocalWriter } from '../local-writer.ts';
import type { MutatorContext } from './mutator.ts';

/** The program's minimum for the skill: three lookups by key, no scan. */
async function minimumFor(w: LocalWriter, studentId: string, skillId: string): Promise<SkillMinimum> {
  const skill = await w.get('skills', skillId);
  const student = await w.get('students', studentId);
  const program = student?.programId ? await w.get('programs', student.programId) : undefined;
  return skillMinimum(program?.skillMinimums, {
    id: skillId,
    minimumAttempts: skill?.minimumAttempts ?? 1,
  });
}

/**
 * Writes new figures (and judgement fields) to the pair's summary row, creating it if missing, with the shown status
 * recomputed from schema/skill-figures.ts as the server does.
 */
export async function writeSummary(
  w: LocalWriter,
  studentId: string,
  skillId: string,
  ctx: MutatorContext,
  change: (current: Record<string, unknown> | undefined) => { figures: SkillFigures; fields?: Record<string, unknown> },
) {
  const current = await w.first('studentSkills', '[studentId+skillId]', [studentId, skillId]);
  const { figures, fields } = change(current);
  const row = {
    ...summaryAfter(current, figures, await minimumFor(w, studentId, skillId), fields),
    updatedAt: ctx.now,
  };
  if (current) await w.put('studentSkills', { ...current, ...row });
  else
    await w.put('studentSkills', {
      id: `${studentId}/${skillId}`,
      studentId,
      skillId,
      instructorId: null,
      notes: null,
      nextAssessmentDate: null,
      statusOverride: null,
      progressOverride: null,
      fieldStamps: {},
      ...row,
      createdAt: ctx.now,
    });
}

import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { Q } from '#api/db/open.ts';
import { dorPhaseRulesOf } from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { dorProgress, type FieldTraining, fieldTrainingOf } from '#schema/dor-progress.ts';
import * as t from '#schema/tables.ts';

/**
 * The field-training figures of these students (those in police programs), from the server's rows by the DOR
 * tracker's and the portfolio's rule (`dorProgress`), so the progress report agrees with both.
 */
export function fieldTrainingFiguresOf(
  q: Q,
  students: readonly { id: string; programId: string }[],
): Map<string, FieldTraining> {
  const programs = new Map(
    q
      .select()
      .from(t.programs)
      .where(and(eq(t.programs.type, 'police'), isNull(t.programs.deletedAt)))
      .all()
      .map((p) => [p.id, p]),
  );
  const recruits = students.filter((s) => programs.has(s.programId));
  if (recruits.length === 0) return new Map();
  const dors = q
    .select()
    .from(t.dors)
    .where(
      and(
        inArray(
          t.dors.studentId,
          recruits.map((s) => s.id),
        ),
        isNull(t.dors.deletedAt),
      ),
    )
    .all();
  return new Map(
    recruits.map((s) => {
      const program = programs.get(s.programId);
      const rules = dorPhaseRulesOf(program);
      const own = dors.filter((d) => d.studentId === s.id);
      return [s.id, fieldTrainingOf(dorProgress(own, dorCategoriesOf(program), rules), rules.length)];
    }),
  );
}

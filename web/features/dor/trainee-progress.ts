import { useMemo } from 'react';

import { dorPhaseRulesOf } from '#schema/dor.ts';
import { dorCategoriesOf } from '#schema/dor-categories.ts';
import { dorProgress } from '#schema/dor-progress.ts';
import { useRows, useRowsWhere } from '#web/lib/data.ts';

export const percent = (share: number) => `${Math.round(share * 100)} %`;

/**
 * One trainee's field training from this device's rows, by their program's categories and rules (`dorProgress`):
 * what the DOR tracker and the recruit's home show. Undefined while the rows are read or for no such trainee.
 */
export function useTraineeProgress(studentId: string | undefined) {
  const programs = useRowsWhere('programs', 'type', 'police');
  const students = useRows('students');
  const dors = useRowsWhere('dors', 'studentId', studentId);
  return useMemo(() => {
    const student = students?.find((s) => s.id === studentId);
    if (!programs || !student || !dors) return undefined;
    const program = programs.find((p) => p.id === student.programId);
    const categories = dorCategoriesOf(program);
    const rules = dorPhaseRulesOf(program);
    return { categories, phases: rules.length, progress: dorProgress(dors, categories, rules) };
  }, [programs, students, dors, studentId]);
}

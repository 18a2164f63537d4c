import { useMemo } from 'react';

import { type BookFigures, candidateBooks } from '#schema/fire-task-book.ts';
import { useRows, useRowsWhere } from '#web/lib/data.ts';

/** Every fire candidate's book figures on this device, by student id; undefined while the first reads run. */
export function useCandidateBooks(): Map<string, BookFigures> | undefined {
  const students = useRows('students');
  const programs = useRowsWhere('programs', 'type', 'fire');
  const skills = useRowsWhere('skills', 'programType', 'fire');
  const books = useRows('taskBooks');
  const records = useRows('jprSignOffs');
  return useMemo(
    () =>
      students && programs && skills && books && records
        ? candidateBooks({ students, programs, skills, books, records })
        : undefined,
    [students, programs, skills, books, records],
  );
}

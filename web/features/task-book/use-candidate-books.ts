import { useMemo } from 'react';

import {
  type BookFigures,
  candidateBooks,
  type CandidateBooksInput,
  candidateProgress,
  type JprProgress,
} from '#schema/fire-task-book.ts';
import { useRows, useRowsWhere } from '#web/lib/data.ts';

/** The device's rows the task-book rule reads; undefined while the first reads run. */
function useCandidateRows(): CandidateBooksInput | undefined {
  const students = useRows('students');
  const programs = useRowsWhere('programs', 'type', 'fire');
  const skills = useRowsWhere('skills', 'programType', 'fire');
  const books = useRows('taskBooks');
  const records = useRows('jprSignOffs');
  return useMemo(
    () =>
      students && programs && skills && books && records ? { students, programs, skills, books, records } : undefined,
    [students, programs, skills, books, records],
  );
}

/** Every fire candidate's book figures on this device, by student id; undefined while the first reads run. */
export function useCandidateBooks(): Map<string, BookFigures> | undefined {
  const rows = useCandidateRows();
  return useMemo(() => rows && candidateBooks(rows), [rows]);
}

/** Every fire candidate's progress by JPR on this device (their skill cells), by student id. */
export function useCandidateProgress(): Map<string, Map<string, JprProgress>> | undefined {
  const rows = useCandidateRows();
  return useMemo(() => rows && candidateProgress(rows), [rows]);
}

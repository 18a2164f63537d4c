/**
 * Each fire candidate's task book in figures, from the device's rows: JPRs signed of those their level requires, and
 * the book's state (schema/fire-task-book.ts `bookFigures`, the rule the server's verification checks too). The
 * fire tracker, the candidate's home and the task-book page all read these, so one candidate's figures never differ
 * between screens.
 */
import { type BookFigures, bookFigures, taskBookRulesOf } from '#schema/fire-task-book.ts';
import type { DomainRows } from '#sync/client/db.ts';

export interface CandidateBooksInput {
  students: readonly Pick<DomainRows['students'], 'id' | 'programId'>[];
  programs: readonly Pick<DomainRows['programs'], 'id' | 'type' | 'certificationLevel' | 'taskBookRules'>[];
  skills: readonly Pick<DomainRows['skills'], 'id' | 'programType' | 'certificationLevel'>[];
  books: readonly Pick<DomainRows['taskBooks'], 'id' | 'studentId' | 'level' | 'state'>[];
  records: readonly Pick<
    DomainRows['jprSignOffs'],
    'taskBookId' | 'skillId' | 'performedOn' | 'passed' | 'inTraining'
  >[];
}

/** The figures of every candidate in a fire program, by student id (students of other programs are left out). */
export function candidateBooks(input: CandidateBooksInput): Map<string, BookFigures> {
  const programs = new Map(input.programs.filter((p) => p.type === 'fire').map((p) => [p.id, p]));
  const out = new Map<string, BookFigures>();
  for (const student of input.students) {
    const program = programs.get(student.programId);
    if (!program?.certificationLevel) continue;
    const book = input.books.find((b) => b.studentId === student.id && b.level === program.certificationLevel);
    const required = input.skills
      .filter((s) => s.programType === 'fire' && s.certificationLevel === program.certificationLevel)
      .map((s) => s.id);
    const records = book ? input.records.filter((r) => r.taskBookId === book.id) : [];
    out.set(student.id, bookFigures(book, required, records, taskBookRulesOf(program.taskBookRules)));
  }
  return out;
}

/** The tracker's task-book tiles over the candidates shown: JPRs signed of those required, and books certified. */
export function bookTotals(figures: Iterable<BookFigures>) {
  let signed = 0;
  let required = 0;
  let certified = 0;
  for (const f of figures) {
    signed += f.signed;
    required += f.required;
    if (f.state === 'certified') certified++;
  }
  return { signed, required, certified };
}

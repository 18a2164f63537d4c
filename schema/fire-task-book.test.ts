import { describe, expect, it } from 'vitest';

import {
  bookTotals,
  candidateBooks,
  type CandidateBooksInput,
  candidateProgress,
  nextAttempt,
} from './fire-task-book.ts';
import { TASK_BOOK_ERR } from './messages.ts';

/**
 * Three fire candidates and an EMS student, counted by hand:
 * - Ana (FF I, 3 JPRs): JPR a passed; b failed then passed; c failed once: 2 of 3, in progress.
 * - Ben (FF I): no book: 0 of 3, not started.
 * - Cy (FF II, 2 JPRs, the program signs training JPRs again): d passed in training (does not count), e passed:
 *   1 of 2; his book is certified.
 * - Eve (EMS): no figures.
 */
const input: CandidateBooksInput = {
  programs: [
    { id: 'ff1', type: 'fire', certificationLevel: 'firefighter_1', taskBookRules: null },
    {
      id: 'ff2',
      type: 'fire',
      certificationLevel: 'firefighter_2',
      taskBookRules: { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true },
    },
    { id: 'emt', type: 'ems', certificationLevel: 'emt', taskBookRules: null },
  ],
  students: [
    { id: 'ana', programId: 'ff1' },
    { id: 'ben', programId: 'ff1' },
    { id: 'cy', programId: 'ff2' },
    { id: 'eve', programId: 'emt' },
  ],
  skills: [
    ...['a', 'b', 'c'].map((id) => ({ id, programType: 'fire', certificationLevel: 'firefighter_1' })),
    ...['d', 'e'].map((id) => ({ id, programType: 'fire', certificationLevel: 'firefighter_2' })),
    { id: 'x', programType: 'ems', certificationLevel: 'emt' },
  ],
  books: [
    { id: 'book-ana', studentId: 'ana', level: 'firefighter_1', state: 'started' },
    { id: 'book-cy', studentId: 'cy', level: 'firefighter_2', state: 'certified' },
  ],
  records: [
    { taskBookId: 'book-ana', skillId: 'a', performedOn: '2026-11-02', passed: true, inTraining: false },
    { taskBookId: 'book-ana', skillId: 'b', performedOn: '2026-11-02', passed: false, inTraining: false },
    { taskBookId: 'book-ana', skillId: 'b', performedOn: '2026-11-03', passed: true, inTraining: false },
    { taskBookId: 'book-ana', skillId: 'c', performedOn: '2026-11-03', passed: false, inTraining: false },
    { taskBookId: 'book-cy', skillId: 'd', performedOn: '2026-10-01', passed: true, inTraining: true },
    { taskBookId: 'book-cy', skillId: 'e', performedOn: '2026-10-02', passed: true, inTraining: false },
  ],
};

describe("each fire candidate's task book in figures", () => {
  const figures = candidateBooks(input);

  it('counts JPRs signed of those required and the state, from the records', () => {
    expect(figures.get('ana')).toEqual({ signed: 2, required: 3, state: 'started', missing: ['c'] });
    expect(figures.get('ben')).toEqual({ signed: 0, required: 3, state: 'not_started', missing: ['a', 'b', 'c'] });
    expect(figures.get('cy')).toEqual({ signed: 1, required: 2, state: 'certified', missing: ['d'] });
    expect(figures.has('eve')).toBe(false);
  });

  it("adds up the tracker's tiles", () => {
    expect(bookTotals(figures.values())).toEqual({ signed: 3, required: 8, certified: 1 });
  });
});

describe("each fire candidate's JPRs as their skills' progress", () => {
  const progress = candidateProgress(input);
  const statuses = (id: string) =>
    [...progress.get(id)!.values()].map((p) => [p.skillId, p.status, p.progressPercentage, p.updatedAt]);

  it('signed is completed, attempted and not signed is in progress, not attempted is absent (not started)', () => {
    expect(statuses('ana')).toEqual([
      ['a', 'completed', 100, '2026-11-02'],
      ['b', 'completed', 100, '2026-11-03'],
      ['c', 'in_progress', 0, '2026-11-03'],
    ]);
    expect(statuses('ben')).toEqual([]);
    // d passed in training only, where the program signs those again
    expect(statuses('cy')).toEqual([
      ['d', 'in_progress', 0, '2026-10-01'],
      ['e', 'completed', 100, '2026-10-02'],
    ]);
    expect(progress.has('eve')).toBe(false);
  });
});

describe('a JPR passed in training, where the program signs those again', () => {
  const rules = { attemptsPerDay: 2, attemptDays: 2, resignTrainingJprs: true };
  const inTraining = [{ skillId: 'd', performedOn: '2026-10-01', passed: true, inTraining: true }];

  it('takes a first attempt outside training, and says why another in training is refused', () => {
    expect(nextAttempt(inTraining, { performedOn: '2026-10-05', inTraining: false }, rules)).toEqual({
      attemptNumber: 1,
      dayNumber: 1,
    });
    expect(nextAttempt(inTraining, { performedOn: '2026-10-05', inTraining: true }, rules)).toEqual({
      refused: TASK_BOOK_ERR.jprPassedInTraining,
    });
  });
});

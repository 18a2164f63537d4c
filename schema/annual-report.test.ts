import { describe, expect, it } from 'vitest';

import {
  annualReportFigures,
  type ExamAttemptRecord,
  examAttemptSchema,
  OUTCOME_THRESHOLD_PERCENT,
  outcomeRate,
  type OutcomeRecord,
  outcomeSchema,
  type OutcomeStudent,
} from './annual-report.ts';
import { MSG } from './messages.ts';

const grad = (id: string, day = '2025-05-15'): OutcomeStudent => ({ id, graduationDate: day });
const left = (
  studentId: string,
  exitDate: string,
  exitReason: 'attrition' | 'excluded' = 'attrition',
): OutcomeRecord => ({
  studentId,
  placement: null,
  exitDate,
  exitReason,
});
const placed = (studentId: string, placement: OutcomeRecord['placement']): OutcomeRecord => ({
  studentId,
  placement,
  exitDate: null,
  exitReason: null,
});
const exam = (studentId: string, attemptNumber: number, passed: boolean): ExamAttemptRecord => ({
  studentId,
  attemptNumber,
  passed,
});

describe('annual-report figures of a hand-worked cohort', () => {
  // 2025: g1..g7 graduate; s8, s9 and s10 leave (attrition); s11 is excluded; g12 graduated in 2024; s13 still enrolled.
  const students: OutcomeStudent[] = [
    ...['g1', 'g2', 'g3', 'g4', 'g5', 'g6', 'g7'].map((id) => grad(id)),
    { id: 's8', graduationDate: null },
    { id: 's9', graduationDate: null },
    { id: 's10', graduationDate: null },
    { id: 's11', graduationDate: null },
    grad('g12', '2024-12-20'),
    { id: 's13', graduationDate: null },
  ];
  const outcomes: OutcomeRecord[] = [
    placed('g1', 'employed'),
    placed('g2', 'continuing_education'),
    placed('g3', 'military'),
    placed('g4', 'volunteer'),
    placed('g5', 'not_placed'),
    // g6, g7: not entered
    left('s8', '2025-02-01'),
    left('s9', '2025-09-30'),
    left('s10', '2024-11-01'), // left the year before: not 2025's attrition
    left('s11', '2025-03-01', 'excluded'),
    placed('g12', 'employed'),
  ];
  const attempts: ExamAttemptRecord[] = [
    exam('g1', 1, true), // first attempt
    exam('g2', 1, false),
    exam('g2', 2, true), // by 3
    exam('g3', 1, false),
    exam('g3', 2, false),
    exam('g3', 3, false),
    exam('g3', 4, true), // by 6
    exam('g4', 1, false),
    exam('g4', 2, false),
    exam('g4', 3, false),
    exam('g4', 4, false),
    exam('g4', 5, false),
    exam('g4', 6, false),
    exam('g4', 7, true), // after 6: counts in none
    exam('g5', 1, true),
    // g6, g7: not tested yet
    exam('g12', 1, true), // another year's graduate
  ];
  const f = annualReportFigures(2025, students, outcomes, attempts);

  it('retention: 7 graduates of 9 who graduated or left (the excluded and the year before counted in neither)', () => {
    expect(f.graduates).toBe(7);
    expect(f.attrition).toBe(2);
    // 7 / 9 = 77.8 %: above 70 %
    expect(f.retention).toMatchObject({ numerator: 7, denominator: 9, percent: 78, flag: 'meets' });
  });

  it('placement: 4 of 7 graduates placed, the 2 not entered counted as not placed', () => {
    // 4 / 7 = 57.1 %: below 70 %
    expect(f.placement).toMatchObject({ numerator: 4, denominator: 7, percent: 57, flag: 'below' });
    expect(f.placementMissing).toBe(2);
  });

  it('exam: first attempt 2 of 5 tested, within 3 attempts 3 of 5, within 6 attempts 4 of 5', () => {
    expect(f.examFirstAttempt).toMatchObject({ numerator: 2, denominator: 5, percent: 40, flag: 'below' });
    expect(f.examWithin3).toMatchObject({ numerator: 3, denominator: 5, percent: 60, flag: 'below' });
    // 4 / 5 = 80 %
    expect(f.examWithin6).toMatchObject({ numerator: 4, denominator: 5, percent: 80, flag: 'meets' });
  });

  it('a year with nobody reads as "no graduates", never 0 % or NaN', () => {
    const empty = annualReportFigures(2030, students, outcomes, attempts);
    expect(empty.placement).toEqual({
      numerator: 0,
      denominator: 0,
      percent: null,
      flag: 'empty',
      empty: MSG.noGraduates,
    });
    expect(empty.examFirstAttempt.flag).toBe('empty');
    expect(empty.examFirstAttempt.empty).toBe(MSG.noGraduatesTested);
    expect(empty.retention.percent).toBeNull();
  });
});

describe('the 70 % threshold', () => {
  it('is met exactly at 70 % and missed just below it, whatever the rounding', () => {
    expect(OUTCOME_THRESHOLD_PERCENT).toBe(70);
    expect(outcomeRate(7, 10, '').flag).toBe('meets');
    expect(outcomeRate(69, 100, '').flag).toBe('below');
    // 699 / 1000 rounds to 70 % but is below the threshold
    expect(outcomeRate(699, 1000, '')).toMatchObject({ percent: 70, flag: 'below' });
    expect(outcomeRate(71, 100, '').flag).toBe('meets');
  });
});

describe('entry forms', () => {
  const errors = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
    Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

  it('an outcome is a placement or an exit, not both and not neither', () => {
    expect(outcomeSchema.safeParse({ studentId: 's', placement: 'employed' }).success).toBe(true);
    expect(outcomeSchema.safeParse({ studentId: 's', exitDate: '2025-01-02', exitReason: 'attrition' }).success).toBe(
      true,
    );
    expect(errors(outcomeSchema.safeParse({ studentId: 's' }))).toEqual({ placement: MSG.placementRequired });
    expect(
      errors(
        outcomeSchema.safeParse({
          studentId: 's',
          placement: 'employed',
          exitDate: '2025-01-02',
          exitReason: 'attrition',
        }),
      ),
    ).toEqual({ placement: MSG.outcomeOneKind });
    expect(errors(outcomeSchema.safeParse({ studentId: 's', exitDate: '2025-01-02' }))).toEqual({
      exitReason: MSG.exitReasonRequired,
    });
    expect(errors(outcomeSchema.safeParse({ studentId: 's', placement: 'hired' }))).toEqual({
      placement: MSG.placementRequired,
    });
  });

  it('an exam attempt needs a number from 1 to 20, a date not in the future and a result', () => {
    const ok = { studentId: 's', attemptNumber: 1, takenOn: '2025-06-01', passed: true };
    expect(examAttemptSchema.safeParse(ok).success).toBe(true);
    expect(errors(examAttemptSchema.safeParse({ ...ok, attemptNumber: 0 }))).toEqual({
      attemptNumber: MSG.examAttemptNumber,
    });
    expect(errors(examAttemptSchema.safeParse({ ...ok, attemptNumber: 21 }))).toEqual({
      attemptNumber: MSG.examAttemptNumber,
    });
    expect(errors(examAttemptSchema.safeParse({ ...ok, takenOn: '2999-01-01' }))).toEqual({
      takenOn: MSG.dateNotFuture,
    });
    expect(errors(examAttemptSchema.safeParse({ ...ok, passed: undefined }))).toEqual({
      passed: MSG.examResultRequired,
    });
  });
});

import { describe, expect, it } from 'vitest';

import { progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';

import {
  filterScheduled,
  overviewCounts,
  quickStats,
  scheduledAssessments,
  scheduleStatus,
  skillEntryTiles,
} from './overview.ts';

const TODAY = '2026-11-21';

describe('progress overview counts', () => {
  it('sorts every level skill into one bucket; need work covers three statuses; a missing record is not started', () => {
    const progress = new Map([
      ['a', progressRow('s', 'a', { status: 'completed' })],
      ['b', progressRow('s', 'b', { status: 'in_progress' })],
      ['c', progressRow('s', 'c', { status: 'needs_improvement' })],
      ['d', progressRow('s', 'd', { status: 'failed' })],
      ['e', progressRow('s', 'e', { status: 'remediation_required' })],
      ['f', progressRow('s', 'f', { status: 'not_started' })],
      ['other-level', progressRow('s', 'other-level', { status: 'completed' })],
    ]);
    expect(overviewCounts(['a', 'b', 'c', 'd', 'e', 'f', 'g'], progress)).toEqual({
      completed: 1,
      inProgress: 1,
      needWork: 3,
      notStarted: 2,
    });
  });

  it('is all zero for no skills', () => {
    expect(overviewCounts([], new Map())).toEqual({ completed: 0, inProgress: 0, needWork: 0, notStarted: 0 });
  });
});

describe('quick stats', () => {
  it('adds up attempts, rounds the success rate, finds the next assessment and counts overdue ones', () => {
    const progress = new Map([
      [
        'a',
        progressRow('s', 'a', {
          progressPercentage: 100,
          status: 'completed',
          attempts: 3,
          successfulAttempts: 3,
          nextAssessmentDate: '2026-11-01',
        }),
      ],
      [
        'b',
        progressRow('s', 'b', {
          progressPercentage: 50,
          attempts: 3,
          successfulAttempts: 0,
          nextAssessmentDate: '2026-12-05',
        }),
      ],
      [
        'c',
        progressRow('s', 'c', {
          progressPercentage: 20,
          attempts: 0,
          successfulAttempts: 0,
          nextAssessmentDate: '2026-11-25',
        }),
      ],
      [
        'd',
        progressRow('s', 'd', {
          progressPercentage: 10,
          attempts: 0,
          successfulAttempts: 0,
          nextAssessmentDate: '2026-11-20',
        }),
      ],
    ]);
    expect(quickStats(['a', 'b', 'c', 'd', 'e'], progress, TODAY)).toEqual({
      overallProgress: 36,
      attempts: 6,
      successfulAttempts: 3,
      successRate: 50,
      nextAssessment: '2026-11-25',
      overdue: 1,
    });
  });

  it('never shows a success rate above 100%, even when the counts disagree ("3 of 1")', () => {
    const progress = new Map([['a', progressRow('s', 'a', { attempts: 1, successfulAttempts: 3 })]]);
    expect(quickStats(['a'], progress, TODAY)).toMatchObject({ successRate: 100 });
  });

  it('has no next assessment and a 0% success rate with nothing recorded', () => {
    expect(quickStats(['a'], new Map(), TODAY)).toMatchObject({
      overallProgress: 0,
      attempts: 0,
      successRate: 0,
      nextAssessment: null,
      overdue: 0,
    });
  });
});

describe('scheduled assessment status', () => {
  it('is Completed for a completed skill whatever its date', () => {
    expect(scheduleStatus({ status: 'completed', nextAssessmentDate: '2026-01-01' }, TODAY)).toBe('completed');
  });
  it('is Overdue when the date is before today and the skill is not completed', () => {
    expect(scheduleStatus({ status: 'in_progress', nextAssessmentDate: '2026-11-20' }, TODAY)).toBe('overdue');
    expect(scheduleStatus({ status: 'needs_improvement', nextAssessmentDate: '2026-11-20T09:00:00Z' }, TODAY)).toBe(
      'overdue',
    );
  });
  it('is Upcoming on or after today', () => {
    expect(scheduleStatus({ status: 'in_progress', nextAssessmentDate: TODAY }, TODAY)).toBe('upcoming');
    expect(scheduleStatus({ status: 'not_started', nextAssessmentDate: '2027-01-01' }, TODAY)).toBe('upcoming');
  });
  it('does not apply without a date', () => {
    expect(scheduleStatus({ status: 'in_progress', nextAssessmentDate: null }, TODAY)).toBeNull();
  });
});

describe('scheduled assessments list', () => {
  const students = [studentRow('s1', { lastName: 'Adams' }), studentRow('s2', { lastName: 'Baker' })];
  const skills = [
    skillRow('emt-1', { certificationLevel: 'emt' }),
    skillRow('pm-1', { certificationLevel: 'paramedic' }),
    skillRow('fire-1', { programType: 'fire', certificationLevel: 'firefighter_1' }),
  ];
  const progress = [
    progressRow('s2', 'emt-1', { nextAssessmentDate: '2026-11-30' }),
    progressRow('s1', 'pm-1', { nextAssessmentDate: '2026-11-10' }),
    progressRow('s1', 'emt-1', { status: 'completed', nextAssessmentDate: '2026-11-30' }),
    progressRow('s1', 'fire-1', { nextAssessmentDate: '2026-11-30' }),
    progressRow('s2', 'pm-1', { nextAssessmentDate: null }),
    progressRow('gone', 'emt-1', { nextAssessmentDate: '2026-11-30' }),
  ];
  const rows = scheduledAssessments(progress, students, skills, TODAY);

  it('lists EMS skills of listed students that have a date, soonest first, then by student', () => {
    expect(rows.map((r) => [r.student.id, r.skill.id, r.date, r.status])).toEqual([
      ['s1', 'pm-1', '2026-11-10', 'overdue'],
      ['s1', 'emt-1', '2026-11-30', 'completed'],
      ['s2', 'emt-1', '2026-11-30', 'upcoming'],
    ]);
  });

  it('filters by level and by status', () => {
    expect(filterScheduled(rows, { level: 'emt', status: '' })).toHaveLength(2);
    expect(filterScheduled(rows, { level: '', status: 'overdue' }).map((r) => r.skill.id)).toEqual(['pm-1']);
    expect(filterScheduled(rows, { level: 'emt', status: 'overdue' })).toEqual([]);
    expect(filterScheduled(rows, { level: '', status: '' })).toHaveLength(3);
  });
});

describe('skill entry tiles', () => {
  // the EMS totals a device keeps (sync/client/type-totals.ts): two active students with 3 of 10 and 1 of 30 level
  // skills completed, an inactive one, and two graduates, on 31 July and 1 August
  const totals = (graduationDates: Record<string, number> = {}) => ({
    programType: 'ems',
    students: 5,
    activeStudents: 2,
    activeSkillsCompleted: 4,
    activeTotalSkills: 40,
    graduationDates,
  });
  const requests = [{ status: 'pending' }, { status: 'approved' }, { status: 'pending' }, { status: 'denied' }];

  it("counts active students, pending requests, completed share of active students' skills and graduations this academic year", () => {
    expect(skillEntryTiles(totals({ '2026-07-31': 1, '2026-08-01': 1 }), requests, TODAY)).toEqual({
      activeStudents: 2,
      pendingReviews: 2,
      // (3 + 1) of (10 + 30) level skills
      levelSkillsCompleted: 10,
      graduations: 1,
    });
  });

  it('is 0% with no skills to measure, and all 0 with no EMS student on the device', () => {
    expect(skillEntryTiles({ ...totals(), activeTotalSkills: 0 }, [], TODAY).levelSkillsCompleted).toBe(0);
    expect(skillEntryTiles(null, [], TODAY)).toEqual({
      activeStudents: 0,
      pendingReviews: 0,
      levelSkillsCompleted: 0,
      graduations: 0,
    });
  });

  it('puts 31 July in the academic year that began the August before, and 1 August in the next', () => {
    expect(skillEntryTiles(totals({ '2026-07-31': 2 }), [], '2026-07-15').graduations).toBe(2);
    expect(skillEntryTiles(totals({ '2026-08-01': 1 }), [], '2026-07-15').graduations).toBe(0);
    expect(skillEntryTiles(totals({ '2026-07-31': 2 }), [], TODAY).graduations).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';

import { calendarMonth } from '#schema/dates.ts';

import { graduationCandidates, graduationStats } from './graduation-report.ts';
import { program, skill, student, summary } from './test-fixtures.ts';

const today = '2026-07-01';
const ems = program({ id: 'p-ems', name: 'EMT Fall', type: 'ems' });
const skills = [
  skill('e1', 'Airway', 'ems', 'emt'),
  skill('e2', 'CPR', 'ems', 'emt'),
  skill('a1', 'IV Access', 'ems', 'aemt'),
  skill('f1', 'Ladders', 'fire', 'firefighter_1'),
];
const emt = { program: ems, level: 'emt', skillIds: ['e1', 'e2'], totalSkills: 2 };

const students = [
  // Xia: Airway done, CPR half, AEMT's only skill done; 30 of 48 hours
  student({ id: 'x', firstName: 'Xia', programId: ems.id, gpa: 3.1 }),
  // Yul: every EMT skill done and 50 hours
  student({ id: 'y', firstName: 'Yul', programId: ems.id, expectedGraduation: '2026-08-15' }),
  // Zed: expected 2026-06-15, already past
  student({ id: 'z', firstName: 'Zed', programId: ems.id, expectedGraduation: '2026-06-15' }),
  // Uma: expected 2026-07-20; 181 of 200 days passed, expected progress 90.5, she is at 10: behind
  student({ id: 'u', firstName: 'Uma', programId: ems.id, expectedGraduation: '2026-07-20' }),
  // not candidates: Wes graduated this month, Val is inactive
  student({ id: 'w', firstName: 'Wes', programId: ems.id, graduationDate: '2026-07-03' }),
  student({ id: 'v', firstName: 'Val', programId: ems.id, isActive: false }),
];
const summaries = new Map([
  [
    'x',
    summary({
      ...emt,
      progress: [
        ['e1', 'completed', 100],
        ['e2', 'in_progress', 50],
        ['a1', 'completed', 100],
      ],
      progressPercentage: 75,
      skillsCompleted: 1,
      totalHours: 30,
    }),
  ],
  [
    'y',
    summary({
      ...emt,
      progress: [
        ['e1', 'completed', 100],
        ['e2', 'completed', 100],
      ],
      progressPercentage: 100,
      skillsCompleted: 2,
      totalHours: 50,
    }),
  ],
  ['z', summary({ ...emt, progressPercentage: 75, totalHours: 48 })],
  ['u', summary({ ...emt, progressPercentage: 10, totalHours: 48 })],
  ['w', summary({ ...emt, progressPercentage: 100, totalHours: 48 })],
  ['v', summary({ ...emt })],
]);

describe('graduationCandidates', () => {
  const candidates = graduationCandidates(students, summaries, skills, today);
  const of = (id: string) => candidates.find((c) => c.id === id)!;

  it('lists active students without a graduation date, soonest expected graduation first', () => {
    expect(candidates.map((c) => c.id)).toEqual(['z', 'u', 'y', 'x']);
  });

  it('lists what is left and the levels fully completed', () => {
    expect(of('x')).toEqual({
      id: 'x',
      studentId: 'X',
      studentName: 'Xia Doe',
      programName: 'EMT Fall',
      expectedGraduation: '2026-12-31',
      daysRemaining: 183, // 30 days of July after the 1st + 31 + 30 + 31 + 30 + 31
      overallProgress: 75,
      skillsCompleted: 1,
      skillsTotal: 2,
      clinicalHours: 30,
      requiredHours: 48,
      gpa: 3.1,
      status: 'on_track', // 75 >= 49.73 - 10
      remainingRequirements: ['Complete CPR', '18 clinical + field hours remaining'], // 48 - 30
      certificationsEarned: ['AEMT - Advanced Emergency Medical Technician'], // IV Access, the only AEMT skill, is done
    });
    expect(of('y')).toMatchObject({
      status: 'ready',
      remainingRequirements: [],
      certificationsEarned: ['EMT - Emergency Medical Technician'],
    });
  });

  it('marks past expected graduations delayed and students behind as needing attention', () => {
    expect(of('z')).toMatchObject({ status: 'delayed', daysRemaining: -16 });
    expect(of('u')).toMatchObject({
      status: 'needs_attention',
      daysRemaining: 19,
      remainingRequirements: ['Complete Airway', 'Complete CPR'],
    });
  });
});

describe('graduationStats', () => {
  it("counts candidates per status and this month's graduates", () => {
    const candidates = graduationCandidates(students, summaries, skills, today);
    expect(graduationStats(candidates, students, today)).toEqual({
      totalCandidates: 4,
      readyToGraduate: 1,
      needsAttention: 1,
      onSchedule: 1,
      delayed: 1,
      thisMonthGraduates: 2, // Wes graduated 2026-07-03 + Uma expected 2026-07-20; Zed is delayed since June
    });
  });
});

describe("graduationStats' this month", () => {
  const lateInMonth = '2026-07-25';
  const inEms = (id: string, over: { graduationDate?: string; expectedGraduation?: string }) =>
    student({ id, firstName: id, programId: ems.id, ...over });
  const month = [
    inEms('graduated-this-month', { graduationDate: '2026-07-03' }),
    inEms('graduated-last-month', { graduationDate: '2026-06-30' }),
    // expected on the 10th, not ready by today: delayed, though still this month
    inEms('delayed-this-month', { expectedGraduation: '2026-07-10' }),
    inEms('delayed-since-june', { expectedGraduation: '2026-06-15' }),
    inEms('due-at-month-end', { expectedGraduation: '2026-07-31' }),
    inEms('due-next-month', { expectedGraduation: '2026-08-01' }),
  ];
  const stats = (day: string) => graduationStats(graduationCandidates(month, new Map(), skills, day), month, day);

  it('does not count a delayed student whose expected date has passed', () => {
    const candidates = graduationCandidates(month, new Map(), skills, lateInMonth);
    expect(candidates.find((c) => c.id === 'delayed-this-month')?.status).toBe('delayed');
    expect(stats(lateInMonth)).toMatchObject({ delayed: 2, thisMonthGraduates: 2 }); // graduated-this-month, due-at-month-end
  });

  it('counts a student who graduated this month, whatever the day', () => {
    expect(stats('2026-07-31').thisMonthGraduates).toBe(2); // graduated-this-month, and due-at-month-end due today
    expect(stats('2026-08-01').thisMonthGraduates).toBe(1); // due-next-month only: July's graduate is last month's now
  });
});

describe('calendarMonth', () => {
  it("runs from the 1st to the month's last day", () => {
    expect(calendarMonth('2026-07-25')).toEqual({ start: '2026-07-01', end: '2026-07-31' });
    expect(calendarMonth('2028-02-10')).toEqual({ start: '2028-02-01', end: '2028-02-29' });
    expect(calendarMonth('2026-12-01')).toEqual({ start: '2026-12-01', end: '2026-12-31' });
  });
});

import { describe, expect, it } from 'vitest';
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
      remainingRequirements: ['Complete CPR', '18 clinical hours remaining'], // 48 - 30
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
      thisMonthGraduates: 2, // Uma expected 2026-07-20 + Wes graduated 2026-07-03
    });
  });
});

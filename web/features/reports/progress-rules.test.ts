import { describe, expect, it } from 'vitest';

import {
  filterProgressReports,
  NO_PROGRESS_FILTERS,
  programSummaryCsv,
  progressCsv,
  trendCsv,
  trendSummary,
  trendTypes,
} from './progress-rules.ts';
import { programSummary, progressReport, trendPoint } from './test-rows.ts';

const reports = [
  progressReport({ id: '1', studentName: 'Maya Chen', studentId: 'STU-001', status: 'on_track' }),
  progressReport({
    id: '2',
    studentName: 'Ethan Brooks',
    studentId: 'STU-002',
    programName: 'Firefighter I',
    programType: 'fire',
    status: 'behind',
    gpa: null,
    lastActivity: null,
  }),
  progressReport({
    id: '3',
    studentName: 'Zoe Adams',
    studentId: 'POL-7',
    programName: 'Police Academy',
    programType: 'police',
    status: 'completed',
  }),
];
const names = (rs: { studentName: string }[]) => rs.map((r) => r.studentName);

describe('filterProgressReports', () => {
  const filter = (over: Partial<typeof NO_PROGRESS_FILTERS>) =>
    names(filterProgressReports(reports, { ...NO_PROGRESS_FILTERS, ...over }));

  it('searches studentName and studentId only, ignoring case', () => {
    expect(filter({ search: 'BROOKS' })).toEqual(['Ethan Brooks']);
    expect(filter({ search: 'stu-00' })).toEqual(['Maya Chen', 'Ethan Brooks']);
    expect(filter({ search: 'Firefighter' })).toEqual([]); // the program name is not searched
  });

  it('filters by program type and status, together with the search', () => {
    expect(filter({ programType: 'fire' })).toEqual(['Ethan Brooks']);
    expect(filter({ status: 'completed' })).toEqual(['Zoe Adams']);
    expect(filter({ programType: 'ems', status: 'behind' })).toEqual([]);
    expect(filter({})).toEqual(['Maya Chen', 'Ethan Brooks', 'Zoe Adams']);
  });
});

describe('CSV tables', () => {
  it('writes one row per shown student with labels', () => {
    const table = progressCsv(reports.slice(0, 2));
    expect(table.columns).toEqual([
      'Student ID',
      'Student Name',
      'Program',
      'Program Type',
      'Status',
      'Overall Progress (%)',
      'Skills Completed',
      'Skills Total',
      'Verified Attempts',
      'Attempts Awaiting Verification',
      'Clinical + field hours',
      'Required Hours',
      'GPA',
      'Enrollment Date',
      'Expected Graduation',
      'Last Activity',
    ]);
    expect(table.rows[1]).toEqual({
      'Student ID': 'STU-002',
      'Student Name': 'Ethan Brooks',
      Program: 'Firefighter I',
      'Program Type': 'Fire',
      Status: 'Behind',
      'Overall Progress (%)': 50,
      'Skills Completed': 10,
      'Skills Total': 40,
      'Verified Attempts': 30,
      'Attempts Awaiting Verification': 0,
      'Clinical + field hours': 24,
      'Required Hours': 48,
      GPA: '',
      'Enrollment Date': '2026-01-05',
      'Expected Graduation': '2026-12-18',
      'Last Activity': '',
    });
    expect(table.rows[0].GPA).toBe('3.20');
  });

  it('writes the program summaries', () => {
    expect(
      programSummaryCsv([programSummary({ programId: 'p', programName: 'EMT Basic', averageGPA: null })]).rows,
    ).toEqual([
      {
        Program: 'EMT Basic',
        'Program Type': 'EMS',
        'Total Students': 2,
        'Average Progress (%)': 61,
        'Completion Rate (%)': 50,
        'Average GPA': '',
        'On Track': 1,
        'At Risk': 1,
      },
    ]);
  });
});

describe('trend figures', () => {
  const points = [
    trendPoint('2026-06-17', 10, null, { ems: 2, fire: 0, police: 0 }),
    trendPoint('2026-06-24', 25, 40, { ems: 2, fire: 1, police: 0 }),
    trendPoint('2026-07-01', 31, 55, { ems: 3, fire: 1, police: 0 }),
  ];

  it('charts the program types with students in some week', () => {
    expect(trendTypes(points)).toEqual(['ems', 'fire']);
  });

  it("exports a row per week with each charted type's average and count", () => {
    const table = trendCsv(points);
    expect(table.columns).toEqual([
      'Week Ending',
      'EMS Average Progress (%)',
      'EMS Students',
      'Fire Average Progress (%)',
      'Fire Students',
    ]);
    expect(table.rows[0]).toEqual({
      'Week Ending': '2026-06-17',
      'EMS Average Progress (%)': 10,
      'EMS Students': 2,
      'Fire Average Progress (%)': '',
      'Fire Students': 0,
    });
  });

  it('sums each line up from its first counted week to the last', () => {
    expect(trendSummary(points)).toEqual([
      'EMS: from 10% (week ending Jun 17, 2026) to 31% (week ending Jul 1, 2026), 3 students.',
      'Fire: from 40% (week ending Jun 24, 2026) to 55% (week ending Jul 1, 2026), 1 student.',
    ]);
    expect(trendSummary(points.slice(2))).toEqual([
      'EMS: 31% (week ending Jul 1, 2026), 3 students.',
      'Fire: 55% (week ending Jul 1, 2026), 1 student.',
    ]);
  });
});

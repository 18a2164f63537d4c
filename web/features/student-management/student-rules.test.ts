import { describe, expect, it } from 'vitest';

import type { DomainRows } from '#sync/client/db.ts';
import type { StudentWithSummary } from '#web/lib/data.ts';
import { daysRemainingTone, gpaTone, studentStatus } from '#web/lib/format.ts';
import { programRow, progressRow, skillRow, studentRow } from '#web/lib/testing/test-rows.ts';

import { categoryRows, hoursRows, rosterRows } from './student-exports.ts';
import {
  academicRecord,
  filterManagedStudents,
  levelLabel,
  NO_FILTERS,
  progressByCategory,
  studentTiles,
} from './student-rules.ts';

function item(
  id: string,
  over: Partial<DomainRows['students']> = {},
  progress = 0,
  level: string | null = over.emsCertificationLevel ?? 'emt',
): StudentWithSummary {
  return {
    student: studentRow(id, over),
    summary: {
      program: undefined,
      level,
      progressPercentage: progress,
      skillsCompleted: 0,
      totalSkills: 0,
      verifiedAttempts: 0,
      unverifiedAttempts: 0,
      clinicalHours: 0,
      fieldHours: 0,
      totalHours: 0,
      awaitingHours: 0,
      refusedHours: 0,
      requiredHours: 0,
      lastActivity: null,
    },
  };
}

const hours = (id: string, over: Partial<DomainRows['clinicalHours']> = {}): DomainRows['clinicalHours'] => ({
  id,
  studentId: 's1',
  clinicalSiteId: 'site-a',
  date: '2026-03-01',
  startTime: null,
  endTime: null,
  unit: null,
  preceptorName: null,
  hoursCompleted: 8,
  hourType: 'clinical',
  notes: null,
  recordedBy: 'u1',
  verifiedBy: 'u1',
  verifiedAt: '',
  refusedBy: null,
  shiftBookingId: null,
  createdAt: '',
  updatedAt: '',
  version: 1,
  ...over,
});

describe('derived student status', () => {
  it('is Graduated with a graduation date, even when inactive', () => {
    expect(studentStatus({ graduationDate: '2026-05-01', isActive: false })).toBe('Graduated');
    expect(studentStatus({ graduationDate: '2026-05-01', isActive: true })).toBe('Graduated');
  });
  it('is otherwise Active or Inactive by the flag', () => {
    expect(studentStatus({ graduationDate: null, isActive: true })).toBe('Active');
    expect(studentStatus({ graduationDate: null, isActive: false })).toBe('Inactive');
  });
});

describe('level names', () => {
  it('uses the short EMS names and the catalogue names for other levels', () => {
    expect([
      levelLabel('aemt'),
      levelLabel('basic_peace_officer'),
      levelLabel('firefighter_1'),
      levelLabel(null),
    ]).toEqual(['AEMT', 'Basic Peace Officer', 'Firefighter I', 'No level']);
  });
});

describe('colour thresholds', () => {
  it('colours GPA at 3.5 and 3.0', () => {
    expect([3.9, 3.5, 3.49, 3, 2.99].map(gpaTone)).toEqual(['green', 'green', 'yellow', 'yellow', 'red']);
  });
  it('colours days to graduation at 30 and 90', () => {
    expect([-3, 29, 30, 89, 90].map(daysRemainingTone)).toEqual(['red', 'red', 'yellow', 'yellow', 'green']);
  });
});

describe('search and filters', () => {
  const items = [
    item('1', { studentId: 'STU-2026001', firstName: 'Ana', emsCertificationLevel: 'emt' }),
    item('2', {
      studentId: 'STU-2026002',
      firstName: 'Ben',
      emsCertificationLevel: 'paramedic',
      graduationDate: '2026-04-01',
    }),
    item('3', { studentId: 'XYZ-9', firstName: 'Stu', emsCertificationLevel: 'emt', isActive: false }),
    // a police recruit keeps the default EMS level on record but trains to the program's level
    item('4', { studentId: 'POL-1', emsCertificationLevel: 'emt' }, 0, 'basic_peace_officer'),
  ];
  const ids = (list: StudentWithSummary[]) => list.map((i) => i.student.id);

  it('searches the student ID only, case-insensitively', () => {
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, search: 'stu-2026' }))).toEqual(['1', '2']);
    // 'Ben' is a first name, not part of any student ID
    expect(filterManagedStudents(items, { ...NO_FILTERS, search: 'ben' })).toEqual([]);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, search: '  xyz ' }))).toEqual(['3']);
  });
  it('filters by level and by derived status', () => {
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, level: 'emt' }))).toEqual(['1', '3']);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, level: 'paramedic' }))).toEqual(['2']);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, status: 'Graduated' }))).toEqual(['2']);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, status: 'Inactive' }))).toEqual(['3']);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, level: 'emt', status: 'Active' }))).toEqual(['1']);
    expect(ids(filterManagedStudents(items, { ...NO_FILTERS, status: 'Active' }))).toEqual(['1', '4']);
  });
});

describe('tiles', () => {
  it('counts students by derived status and averages their progress', () => {
    const tiles = studentTiles([
      item('1', {}, 40),
      item('2', { graduationDate: '2026-01-01' }, 100),
      item('3', { isActive: false }, 25),
    ]);
    expect(tiles).toEqual({ total: 3, active: 1, graduates: 1, averageProgress: 55 });
  });
  it('is all zero with no students', () => {
    expect(studentTiles([])).toEqual({ total: 0, active: 0, graduates: 0, averageProgress: 0 });
  });
});

describe('progress by category', () => {
  it("counts completed skills and averages progress per category of the student's track", () => {
    const skills = [
      skillRow('a', { category: 'Airway Management' }),
      skillRow('b', { category: 'Airway Management' }),
      skillRow('c', { category: 'Trauma Management' }),
      skillRow('other-level', { category: 'Pharmacology', certificationLevel: 'paramedic' }),
    ];
    const records = [
      progressRow('s1', 'a', { status: 'completed', progressPercentage: 100 }),
      progressRow('s1', 'b', { status: 'in_progress', progressPercentage: 50 }),
      progressRow('s1', 'other-level', { status: 'completed', progressPercentage: 100 }),
    ];
    expect(progressByCategory({ program: programRow('p'), level: 'emt' }, skills, records)).toEqual([
      { category: 'Airway Management', completed: 1, total: 2, percent: 75 },
      { category: 'Trauma Management', completed: 0, total: 1, percent: 0 },
    ]);
  });

  it('has no categories for a student without a program', () => {
    expect(progressByCategory({ program: undefined, level: null }, [skillRow('a')], [])).toEqual([]);
  });
});

describe('academic record', () => {
  const sites = new Map([
    ['site-a', 'St. Mary'],
    ['site-b', 'Station 4'],
  ]);
  const rows = [
    hours('h1', { date: '2026-03-01', hoursCompleted: 8 }),
    hours('h2', { date: '2026-03-05', hoursCompleted: 12, clinicalSiteId: 'site-b', hourType: 'field' }),
    hours('h3', { date: '2026-03-03', hoursCompleted: 6.5, clinicalSiteId: null, hourType: 'field' }),
    hours('h5', { studentId: 'someone-else', hoursCompleted: 50 }),
  ];

  it("adds up the student's own live hours by type and by site, verified apart from awaiting, entries newest first", () => {
    // the student's own 2 clinical hours at St. Mary no one has verified are shown apart and count toward nothing
    const unverified = hours('h4', { date: '2026-03-02', hoursCompleted: 2, verifiedBy: null });
    const record = academicRecord('s1', [...rows, unverified], sites);
    expect({ verified: record.verified, awaiting: record.awaiting }).toEqual({ verified: 26.5, awaiting: 2 });
    expect(record.byType).toEqual([
      { label: 'Field', verified: 18.5, awaiting: 0 },
      { label: 'Clinical', verified: 8, awaiting: 2 },
    ]);
    expect(record.bySite).toEqual([
      { label: 'Station 4', verified: 12, awaiting: 0 },
      { label: 'St. Mary', verified: 8, awaiting: 2 },
      { label: 'Field (no site)', verified: 6.5, awaiting: 0 },
    ]);
    expect(record.entries.map((e) => e.id)).toEqual(['h2', 'h3', 'h4', 'h1']);
  });

  it('names hours only a refused sign-off holds apart, in no line, and says so in the export', () => {
    const refused = hours('h7', { date: '2026-03-08', hoursCompleted: 5, verifiedBy: null, refusedBy: 'sign-off:s1' });
    const record = academicRecord('s1', [...rows, refused], sites);
    expect({ verified: record.verified, awaiting: record.awaiting, refused: record.refused }).toEqual({
      verified: 26.5,
      awaiting: 0,
      refused: 5,
    });
    expect(record.byType).toEqual([
      { label: 'Field', verified: 18.5, awaiting: 0 },
      { label: 'Clinical', verified: 8, awaiting: 0 },
    ]);
    const exported = hoursRows(item('s1'), record)[0];
    expect(exported).toMatchObject({ Date: '2026-03-08', Verified: 'No', Status: 'Not verified: refused' });
  });

  it('labels a clinical entry without a site as clinical, not field', () => {
    const clinical = hours('h6', { date: '2026-03-07', hoursCompleted: 4, clinicalSiteId: null, hourType: 'clinical' });
    const record = academicRecord('s1', [...rows, clinical], sites);
    expect(record.bySite).toContainEqual({ label: 'Clinical (no site)', verified: 4, awaiting: 0 });
    expect(record.entries.find((e) => e.id === 'h6')?.siteName).toBe('Clinical (no site)');
    expect(record.bySite).toContainEqual({ label: 'Field (no site)', verified: 6.5, awaiting: 0 });
  });

  it('exports the shown figures as CSV rows', () => {
    const student = item(
      's1',
      { studentId: 'STU-1', firstName: 'Ana', lastName: 'Diaz', graduationDate: '2026-06-01', gpa: 3.5 },
      80,
    );
    expect(hoursRows(student, academicRecord('s1', rows, sites))[0]).toMatchObject({
      Date: '2026-03-05',
      Type: 'Field',
      Site: 'Station 4',
      Hours: 12,
      Verified: 'Yes',
    });
    expect(rosterRows([student])[0]).toMatchObject({
      'Student ID': 'STU-1',
      Name: 'Ana Diaz',
      Status: 'Graduated',
      'Overall Progress (%)': 80,
      GPA: 3.5,
    });
    expect(categoryRows(student, [{ category: 'Airway', completed: 1, total: 2, percent: 75 }])).toEqual([
      {
        'Student ID': 'STU-1',
        Name: 'Ana Diaz',
        Category: 'Airway',
        'Skills Completed': 1,
        'Total Skills': 2,
        'Progress (%)': 75,
      },
    ]);
  });
});

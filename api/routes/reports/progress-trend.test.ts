import { describe, expect, it } from 'vitest';

import { progressTrend, type TrendAuditEntry, type TrendProgressRow, trendWeekEnds } from './progress-trend.ts';
import { program, student, summary } from './test-fixtures.ts';

// Today is 2026-07-01 (a Wednesday): the 12 week ends run from 2026-04-15 to 2026-07-01.
const today = '2026-07-01';
const ems = program({ id: 'p-ems', name: 'Paramedic', type: 'ems' });
const fire = program({ id: 'p-fire', name: 'Academy', type: 'fire' });

const students = [
  student({ id: 'a', firstName: 'Ana', programId: ems.id, enrollmentDate: '2026-01-01' }),
  student({ id: 'b', firstName: 'Ben', programId: ems.id, enrollmentDate: '2026-05-25' }),
  student({ id: 'c', firstName: 'Cy', programId: fire.id, enrollmentDate: '2026-01-01' }),
  student({ id: 'd', firstName: 'Dee', programId: 'p-gone' }),
];
const summaries = new Map([
  ['a', summary({ program: ems, skillIds: ['k1', 'k2'] })],
  ['b', summary({ program: ems, skillIds: ['k1', 'k2'] })],
  ['c', summary({ program: fire, skillIds: ['f1'] })],
  // Dee's program is gone: no type to count her under
  ['d', summary({ program: undefined, skillIds: [] })],
]);

const row = (
  id: string,
  studentId: string,
  skillId: string,
  over: Partial<TrendProgressRow> = {},
): TrendProgressRow => ({
  id,
  studentId,
  skillId,
  progressPercentage: 0,
  updatedAt: '2026-01-01T00:00:00.000Z',
  deletedAt: null,
  ...over,
});
const change = (after: unknown) => ({ before: null, after });
const entry = (id: number, at: string, recordId: string, changes: Record<string, unknown>): TrendAuditEntry => ({
  id,
  at: `${at}T10:00:00.000Z`,
  recordId,
  changes: Object.fromEntries(Object.entries(changes).map(([k, v]) => [k, change(v)])),
});

const progressRows = [
  row('r1', 'a', 'k1', { progressPercentage: 100 }),
  row('r2', 'a', 'k2', { progressPercentage: 40, deletedAt: '2026-06-20T10:00:00.000Z' }),
  // no audit entries: its current 80 counts from its last update
  row('r3', 'b', 'k1', { progressPercentage: 80, updatedAt: '2026-06-01T08:00:00.000Z' }),
  row('r4', 'c', 'f1', { progressPercentage: 60 }),
];
const auditEntries = [
  entry(1, '2026-04-20', 'r1', { status: 'in_progress', progressPercentage: 50 }),
  // recorded on 5 June, about an attempt on 30 May: counts from 30 May
  entry(5, '2026-06-05', 'r1', { progressPercentage: 100, lastAttemptDate: '2026-05-30' }),
  // an attempt date after the recording day counts from the recording day
  entry(2, '2026-05-10', 'r2', { progressPercentage: 40, lastAttemptDate: '2026-05-12' }),
  entry(6, '2026-06-20', 'r2', { deletedAt: '2026-06-20T10:00:00.000Z' }),
  entry(3, '2026-04-01', 'r4', { progressPercentage: 30 }),
  // a notes-only change sets no value
  entry(4, '2026-04-02', 'r4', { notes: 'Good hose work' }),
  // recorded last, about 25 April: from then on it wins over entry 3
  entry(7, '2026-06-28', 'r4', { progressPercentage: 60, lastAttemptDate: '2026-04-25' }),
];

describe('trendWeekEnds', () => {
  it('gives 12 days a week apart ending today', () => {
    expect(trendWeekEnds(today)).toEqual([
      '2026-04-15',
      '2026-04-22',
      '2026-04-29',
      '2026-05-06',
      '2026-05-13',
      '2026-05-20',
      '2026-05-27',
      '2026-06-03',
      '2026-06-10',
      '2026-06-17',
      '2026-06-24',
      '2026-07-01',
    ]);
  });
});

describe('progressTrend', () => {
  const trend = progressTrend({ students, tracks: summaries, progressRows, auditEntries }, today);
  const series = (type: 'ems' | 'fire' | 'police') => trend.map((p) => p.averageProgress[type]);

  it("averages each program type's students at every week end", () => {
    // Ana: k1 50 from 20 Apr, 100 from 30 May; k2 40 from 10 May, 0 from 20 Jun -> (k1 + k2) / 2
    //   0, 25, 25, 25, 45, 45, 45, 70, 70, 70, 50, 50
    // Ben (from 25 May): k1 80 from 1 Jun -> 0 on 27 May, then 40
    // mean: 27 May (45 + 0) / 2 = 22.5 -> 23; June (70 + 40) / 2 = 55; late June (50 + 40) / 2 = 45
    expect(series('ems')).toEqual([0, 25, 25, 25, 45, 45, 23, 55, 55, 55, 45, 45]);
    // Cy: 30 from 1 Apr, 60 from 25 Apr
    expect(series('fire')).toEqual([30, 30, 60, 60, 60, 60, 60, 60, 60, 60, 60, 60]);
    expect(series('police')).toEqual(Array(12).fill(null));
  });

  it('counts students from their enrollment week, and only those with a program type', () => {
    expect(trend.map((p) => p.students.ems)).toEqual([1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2]);
    expect(trend.map((p) => p.students.fire)).toEqual(Array(12).fill(1));
    expect(trend.map((p) => p.students.police)).toEqual(Array(12).fill(0));
    expect(trend[0].weekEnding).toBe('2026-04-15');
    expect(trend.at(-1)!.weekEnding).toBe(today);
  });

  it('is empty of figures without students', () => {
    const none = progressTrend({ students: [], tracks: new Map(), progressRows: [], auditEntries: [] }, today);
    expect(none).toHaveLength(12);
    expect(none.every((p) => Object.values(p.averageProgress).every((v) => v === null))).toBe(true);
  });
});

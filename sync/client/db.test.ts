import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';

import { DOMAIN_TABLES, TrainingDb } from './db.ts';

const name = `db-upgrade-${crypto.randomUUID()}`;
afterEach(() => Dexie.delete(name));

describe('device database upgrade', () => {
  it('keeps the rows a version 1 device holds and finds them by the version 2 indexes', async () => {
    const v1 = new Dexie(name);
    v1.version(1).stores({
      meta: 'key',
      outbox: '++seq, &mutationId, *entityKeys',
      rejected: 'mutationId',
      shadow: '[table+id]',
      studentSkills: 'id, studentId, skillId, [studentId+skillId]',
      requests: 'id, kind, userId',
    });
    await v1.table('studentSkills').bulkPut([
      { id: 'p1', studentId: 's1', skillId: 'k1', nextAssessmentDate: '2026-12-01' },
      { id: 'p2', studentId: 's1', skillId: 'k2', nextAssessmentDate: null },
    ]);
    await v1.table('requests').bulkPut([
      { id: 'r1', kind: 'site', userId: 'u1', status: 'pending' },
      { id: 'r2', kind: 'site', userId: 'u1', status: 'approved' },
    ]);
    await v1.table('outbox').add({
      mutationId: 1,
      name: 'recordSkillProgress',
      args: {},
      createdAt: '2026-11-23',
      entityKeys: ['studentSkills:p1'],
    });
    v1.close();

    const db = new TrainingDb(name);
    expect(await db.rows('studentSkills').where('nextAssessmentDate').above('').primaryKeys()).toEqual(['p1']);
    expect(await db.rows('requests').where('status').equals('pending').primaryKeys()).toEqual(['r1']);
    expect(await db.rows('studentSkills').where('studentId').equals('s1').count()).toBe(2);
    expect(await db.outbox.count()).toBe(1);
    db.close();
  });

  it('builds the figures of the students a version 4 device holds, so its lists show them at once', async () => {
    const v4 = new Dexie(name);
    v4.version(4).stores(DOMAIN_TABLES);
    await v4.table('programs').put({ id: 'p1', type: 'police', certificationLevel: 'bpoc', requiredHours: 8 });
    await v4.table('students').bulkPut([
      { id: 's1', programId: 'p1' },
      { id: 's2', programId: 'p1' },
    ]);
    await v4.table('skills').bulkPut([
      { id: 'k1', programType: 'police', certificationLevel: 'bpoc' },
      { id: 'k2', programType: 'police', certificationLevel: 'bpoc' },
    ]);
    await v4.table('studentSkills').put({
      id: 'p',
      studentId: 's1',
      skillId: 'k1',
      status: 'completed',
      progressPercentage: 100,
      updatedAt: '2026-03-01T10:00:00.000Z',
    });
    v4.close();

    const db = new TrainingDb(name);
    const figures = await db.studentFigures.toArray();
    expect(figures.map((f) => [f.studentId, f.summary.skillsCompleted, f.summary.progressPercentage])).toEqual([
      ['s1', 1, 50],
      ['s2', 0, 0],
    ]);
    expect(await db.programTypeTotals.get('police'), 'and the totals skill entry reads').toMatchObject({ students: 2 });
    db.close();
  });
});

describe('device database upgrade to fire figures from task books', () => {
  it("counts a version 7 device's fire candidates from their signed JPRs", async () => {
    const v7 = new Dexie(name);
    v7.version(7).stores({ ...DOMAIN_TABLES, studentFigures: 'studentId', programTypeTotals: 'programType' });
    await v7
      .table('programs')
      .put({ id: 'p1', type: 'fire', certificationLevel: 'firefighter_1', taskBookRules: null });
    await v7.table('students').put({ id: 's1', programId: 'p1' });
    await v7.table('skills').bulkPut([
      { id: 'k1', programType: 'fire', certificationLevel: 'firefighter_1', standardReference: '4.3.1' },
      { id: 'k2', programType: 'fire', certificationLevel: 'firefighter_1', standardReference: '4.3.2' },
    ]);
    await v7.table('taskBooks').put({ id: 'b1', studentId: 's1', level: 'firefighter_1', state: 'started' });
    await v7
      .table('jprSignOffs')
      .put({ id: 'j1', taskBookId: 'b1', studentId: 's1', skillId: 'k1', performedOn: '2026-11-02', passed: true });
    // the figures it kept before: from skill-progress records, which a candidate never writes
    await v7.table('studentFigures').put({ studentId: 's1', summary: { skillsCompleted: 0, progressPercentage: 0 } });
    v7.close();

    const db = new TrainingDb(name);
    const { summary } = (await db.studentFigures.get('s1'))!;
    expect([summary.skillsCompleted, summary.progressPercentage, summary.lastActivity]).toEqual([1, 50, '2026-11-02']);
    db.close();
  });
});

describe('rows by any of several index values', () => {
  it('reads the rows of each value, and none for no values', async () => {
    const db = new TrainingDb(name);
    await db.rows('students').bulkPut([
      { id: 's1', programId: 'p1' },
      { id: 's2', programId: 'p2' },
      { id: 's3', programId: 'p3' },
      { id: 's4', programId: 'p1' },
    ] as never[]);
    const found = await db.rowsWithAnyOf('students', 'programId', ['p1', 'p3', 'p9']);
    expect(found.map((s) => s.id).sort()).toEqual(['s1', 's3', 's4']);
    expect(await db.rowsWithAnyOf('students', 'programId', [])).toEqual([]);
    db.close();
  });
});

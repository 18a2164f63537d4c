import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { TrainingDb } from './db.ts';

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
});

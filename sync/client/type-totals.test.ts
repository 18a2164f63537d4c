import { afterEach, describe, expect, it } from 'vitest';

import { TrainingDb } from './db.ts';
import { moveTotals, tallyOf, totalsOf } from './type-totals.ts';

const student = (isActive = true, graduationDate: string | null = null) => ({ isActive, graduationDate });
const skills = (skillsCompleted: number, totalSkills: number) => ({ skillsCompleted, totalSkills });

const active = tallyOf(student(), 'ems', skills(3, 10));
const otherActive = tallyOf(student(), 'ems', skills(1, 30));
const inactive = tallyOf(student(false), 'ems', skills(30, 30));
const graduated = tallyOf(student(true, '2026-07-31'), 'ems', skills(30, 30));

describe('program type totals', () => {
  it("count the active students' level skills alone, and every graduate by date", () => {
    expect(totalsOf([active, otherActive, inactive, graduated])).toEqual([
      {
        programType: 'ems',
        students: 4,
        activeStudents: 2,
        activeSkillsCompleted: 4,
        activeTotalSkills: 40,
        graduationDates: { '2026-07-31': 1 },
      },
    ]);
  });

  it('keep each type apart and leave out a student without a program', () => {
    const fire = tallyOf(student(), 'fire', skills(2, 5));
    const none = tallyOf(student(), null, skills(0, 0));
    expect(totalsOf([active, fire, none]).map((t) => [t.programType, t.students, t.activeSkillsCompleted])).toEqual([
      ['ems', 1, 3],
      ['fire', 1, 2],
    ]);
  });
});

describe('moving the stored totals', () => {
  const db = new TrainingDb(`type-totals-${crypto.randomUUID()}`);
  afterEach(() => db.programTypeTotals.clear());
  const move = (before: (typeof active | undefined)[], after: (typeof active | undefined)[]) =>
    db.transaction('rw', db.programTypeTotals, () => moveTotals(db, before, after));

  it('take a student out as they were and add them as they are', async () => {
    await db.programTypeTotals.bulkPut(totalsOf([active, otherActive]));
    const done = tallyOf(student(true, '2026-12-18'), 'ems', skills(10, 10));
    await move([active], [done]);
    expect(await db.programTypeTotals.toArray()).toEqual(totalsOf([done, otherActive]));
  });

  it('drop a type whose last student left, and start one for its first', async () => {
    await db.programTypeTotals.bulkPut(totalsOf([active]));
    const moved = tallyOf(student(), 'police', skills(0, 12));
    await move([active], [moved]);
    expect(await db.programTypeTotals.toArray()).toEqual(totalsOf([moved]));
    await move([moved], [undefined]);
    expect(await db.programTypeTotals.count()).toBe(0);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';

import { applyCommand } from '#api/commands/command.ts';
import { asSystem } from '#api/seed/standards.ts';
import { type TestApp, testApp } from '#api/test/helpers.ts';
import { formatHlc } from '#schema/hlc.ts';
import * as t from '#schema/tables.ts';

import { recordSkillProgress } from './student-skills.commands.ts';

let h: TestApp;
let studentId: string;
let skillId: string;

beforeEach(() => {
  h = testApp();
  const program = h.program({ name: 'EMT Fall', type: 'ems', certificationLevel: 'emt' }, [
    { userId: h.users.preceptor.id, assignedRole: 'preceptor' },
  ]);
  asSystem(h.db, 'fixture', (ctx) => {
    studentId = ctx.insert(t.students, {
      firstName: 'Ana',
      lastName: 'S-1',
      email: 's-1@example.org',
      phone: '1',
      studentCode: 'S-1',
      programId: program.id,
      enrollmentDate: '2026-01-10',
      expectedGraduation: '2026-12-15',
    }).id;
    skillId = ctx.insert(t.skills, {
      code: 'k1',
      name: 'Insert OPA',
      category: 'Airway',
      programType: 'ems',
      certificationLevel: 'emt',
      minimumAttempts: 3,
    }).id;
  });
});

describe('recordSkillProgress: saves in one millisecond', () => {
  it('the later of two saves on a pair in one push, in the same millisecond, stands', () => {
    const now = '2026-03-02T10:00:00.000Z';
    const actor = { id: h.users.preceptor.id, role: 'preceptor' as const };
    const record = (progressPercentage: number, notes: string) => ({
      studentId,
      skillId,
      status: 'in_progress',
      progressPercentage,
      attempts: 1,
      successfulAttempts: 0,
      notes,
    });
    h.db.transaction((tx) => {
      applyCommand(tx, recordSkillProgress, actor, record(40, 'First'), now);
      applyCommand(tx, recordSkillProgress, actor, record(60, 'Second'), now);
    });
    const row = h.db.select().from(t.studentSkills).get();
    expect(row).toMatchObject({ progressPercentage: 60, progressOverride: 60, notes: 'Second' });
    expect(row?.fieldStamps?.notes).toEqual({ stamp: formatHlc(Date.parse(now), 1, 'server'), by: actor.id });

    h.db.transaction((tx) =>
      applyCommand(tx, recordSkillProgress, actor, record(70, 'Later'), '2026-03-02T10:00:00.001Z'),
    );
    expect(h.db.select().from(t.studentSkills).get()?.fieldStamps?.notes?.stamp).toBe(
      formatHlc(Date.parse(now) + 1, 0, 'server'),
    );
  });
});

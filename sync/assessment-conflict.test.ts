import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';

import { assessmentHistory } from '../api/routes/student-skills/assessment-history.ts';
import * as t from '../schema/tables.ts';
import type { TrainingDb } from './client/db.ts';
import { clockedDevice, syncWorld } from './test-harness.ts';

const opened: TrainingDb[] = [];
afterEach(async () => {
  for (const db of opened.splice(0)) await db.delete();
});

const device = (w: ReturnType<typeof syncWorld>, role: 'instructor' | 'preceptor', msAgo: number) =>
  clockedDevice(w.h, role, msAgo, opened);

describe('two devices edit the same notes offline', () => {
  it("keeps the losing device's text: in its notice, in History and in the audit log", async () => {
    const w = syncWorld();
    const pair = { studentId: w.students[0].id, skillId: w.skills[0].id };
    const loser = await device(w, 'instructor', 60_000);
    const winner = await device(w, 'preceptor', 30_000);
    await loser.engine.mutate('editSkillAssessment', {
      ...pair,
      stamp: await loser.engine.stamp(),
      changes: { notes: 'Needs coaching on the seal' },
    });
    await winner.engine.mutate('editSkillAssessment', {
      ...pair,
      stamp: await winner.engine.stamp(),
      changes: { notes: 'Good seal' },
    });
    await winner.engine.sync();
    await loser.engine.sync();

    const row = await loser.db
      .domain('studentSkills')
      .where('[studentId+skillId]')
      .equals([pair.studentId, pair.skillId])
      .first();
    expect(row?.notes).toBe('Good seal');
    expect(await loser.db.notices.toArray()).toMatchObject([
      { ...pair, field: 'notes', by: w.h.users.preceptor.id, mine: 'Needs coaching on the seal' },
    ]);

    const history = assessmentHistory(
      w.h.db,
      { id: w.h.users.director.id, role: 'director' },
      pair.studentId,
      pair.skillId,
    );
    expect(history).toContainEqual(
      expect.objectContaining({ field: 'notes', after: 'Needs coaching on the seal', superseded: true }),
    );
    const summary = w.h.db
      .select()
      .from(t.studentSkills)
      .where(and(eq(t.studentSkills.studentId, pair.studentId), eq(t.studentSkills.skillId, pair.skillId)))
      .get()!;
    const audit = w.h.db
      .select()
      .from(t.auditLog)
      .where(and(eq(t.auditLog.recordId, summary.id), eq(t.auditLog.action, 'superseded')))
      .all();
    expect(audit).toMatchObject([
      {
        actorId: w.h.users.instructor.id,
        command: 'editSkillAssessment',
        changes: { notes: { before: 'Good seal', after: 'Needs coaching on the seal' } },
      },
    ]);
  });
});

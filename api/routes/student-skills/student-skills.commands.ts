import { rowWhere } from '../../db/rows.ts';
import { skillProgressSchema } from '../../../schema/skill-progress.ts';
import * as t from '../../../schema/tables.ts';
import { defineCommand } from '../../commands/command.ts';
import { invalid } from '../../http/errors.ts';
import { assertCan } from '../../permissions/matrix.ts';
import { studentFieldNotFound, visibleStudentOr } from '../../permissions/scope.ts';

/**
 * Records a student's progress on one skill. One row per student and skill: a second record updates the fields it
 * sends (last write to reach the server wins per field; the audit log keeps every overwritten value). The recorder
 * is always the signed-in user.
 */
export const recordSkillProgress = defineCommand({
  name: 'recordSkillProgress',
  args: skillProgressSchema,
  apply(ctx, { id, instructorId: _ignored, ...args }) {
    assertCan(ctx.actor, 'progress.record');
    visibleStudentOr(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    if (!ctx.find(t.skills, args.skillId)) throw invalid({ skillId: 'Skill not found' });
    const values = { ...args, instructorId: ctx.actor.id };
    const existing = rowWhere<typeof t.studentSkills.$inferSelect>(
      ctx.tx,
      t.studentSkills,
      'student_id = ? and skill_id = ?',
      args.studentId,
      args.skillId,
    );
    if (!existing) return ctx.insert(t.studentSkills, { id, ...values });
    return ctx.update(t.studentSkills, existing, { ...values, deletedAt: null });
  },
});

export const studentSkillCommands = [recordSkillProgress];

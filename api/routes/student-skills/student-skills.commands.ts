import type { z } from 'zod';

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { assertSkill } from '#api/domain/evidence/checks.ts';
import { summaryOf, type SummaryRow, writeSummaryOver } from '#api/domain/evidence/skill-summary.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { assertStudentVisible, studentFieldNotFound } from '#api/permissions/scope.ts';
import { type FieldStamps, mergeAssessment } from '#schema/assessment-fields.ts';
import { formatHlc, parseHlc } from '#schema/hlc.ts';
import { applyEntry, derivedProgress, derivedStatus, entryOf, figuresOf } from '#schema/skill-figures.ts';
import { skillProgressSchema } from '#schema/skill-progress.ts';
import * as t from '#schema/tables.ts';

export const CORRECTION_NOTE = 'Correction from the progress form';

/**
 * The spec's absolute progress record (POST /api/student-skills, mutation recordSkillProgress), on the evidence log:
 * no attempt is deleted or rewritten. The difference between the posted counts and the log's becomes one correction
 * entry; a posted status or percentage that differs from the derived one stands as an override (one equal to it
 * clears the override); notes and the next assessment date are judgement fields stamped with the server's clock.
 */
export const recordSkillProgress = defineCommand({
  name: 'recordSkillProgress',
  offline: true,
  args: skillProgressSchema,
  apply(ctx, { id: _clientId, instructorId: _ignored, ...args }) {
    assertCan(ctx.actor, 'progress.record');
    assertStudentVisible(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    assertSkill(ctx, args.skillId);
    const current = summaryOf(ctx, args.studentId, args.skillId);
    const correction = appendCorrection(ctx, args, current);
    // the correction is a log entry: the summary row read before it is still the stored one
    return writeSummaryOver(ctx, current, args.studentId, args.skillId, (row, minimum) => {
      const figures = correction ? applyEntry(figuresOf(row), entryOf(correction)) : figuresOf(row);
      const judgement = {
        statusOverride: args.status === derivedStatus(figures, minimum) ? null : args.status,
        progressOverride:
          args.progressPercentage === derivedProgress(figures, minimum) ? null : args.progressPercentage,
        notes: args.notes,
        nextAssessmentDate: args.nextAssessmentDate,
      };
      const merged = mergeAssessment(row?.fieldStamps, judgement, serverStamp(ctx, row?.fieldStamps), ctx.actor.id);
      // no keys after a spread on this path: see writeSummaryOver
      return {
        figures,
        fields: Object.assign(merged.fields, { fieldStamps: merged.stamps, instructorId: ctx.actor.id }),
      };
    });
  },
});

/**
 * The save's stamp at the command's time. A push applies many saves in one millisecond: after a server save on the row
 * in the same millisecond, it takes the next counter, so that the later save still wins.
 */
function serverStamp(ctx: CommandContext, stamps: FieldStamps | null | undefined) {
  const ms = Date.parse(ctx.now);
  let counter = 0;
  for (const { stamp } of Object.values(stamps ?? {})) {
    const seen = parseHlc(stamp);
    if (seen.node === 'server' && seen.ms === ms) counter = Math.max(counter, seen.counter + 1);
  }
  return formatHlc(ms, counter, 'server');
}

/** The difference between the posted counts and the log's, as one correction entry (none when they agree). */
function appendCorrection(
  ctx: CommandContext,
  args: Omit<z.output<typeof skillProgressSchema>, 'id' | 'instructorId'>,
  summary: SummaryRow | undefined,
) {
  const before = figuresOf(summary);
  const attemptsDelta = args.attempts - before.attempts;
  const successfulDelta = args.successfulAttempts - before.successfulAttempts;
  if (attemptsDelta === 0 && successfulDelta === 0) return undefined;
  return ctx.insert(t.skillAttempts, {
    studentId: args.studentId,
    skillId: args.skillId,
    kind: 'correction',
    attemptedAt: args.lastAttemptDate ?? ctx.now,
    participation: 'performed',
    attemptsDelta,
    successfulDelta,
    notes: CORRECTION_NOTE,
    recordedBy: ctx.actor.id,
    verifiedBy: ctx.actor.id,
    verifiedAt: ctx.now,
  });
}

export const studentSkillCommands = [recordSkillProgress];

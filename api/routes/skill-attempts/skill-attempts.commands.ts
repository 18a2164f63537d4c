import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { rowWhere } from '#api/db/rows.ts';
import { assertSite, assertSkill, verification } from '#api/domain/evidence/checks.ts';
import { markChangedAfterSigning } from '#api/domain/evidence/sign-off-effects.ts';
import { addToSummary, type SummaryRow, takeFromSummary, writeSummary } from '#api/domain/evidence/skill-summary.ts';
import { forbidden, invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { assertStudentVisible, canSeeStudent, studentFieldNotFound } from '#api/permissions/scope.ts';
import { type AssessmentField, mergeAssessment } from '#schema/assessment-fields.ts';
import { formatHlc, MAX_CLOCK_AHEAD_MS, parseHlc } from '#schema/hlc.ts';
import { mayVoidAttempt } from '#schema/permissions.ts';
import { skillAssessmentSchema, skillAttemptSchema, voidSkillAttemptSchema } from '#schema/skill-attempt.ts';
import { attemptDeltas, figuresOf } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

type AttemptRow = typeof t.skillAttempts.$inferSelect;

/** Appends one attempt and adds it to the student's figures for the skill. The recorder is the signed-in user. */
export const logSkillAttempt = defineCommand({
  name: 'logSkillAttempt',
  offline: true,
  args: skillAttemptSchema,
  apply(ctx, args) {
    assertCan(ctx.actor, 'attempts.log');
    assertStudentVisible(ctx.tx, ctx.actor, args.studentId, studentFieldNotFound);
    assertSkill(ctx, args.skillId);
    assertSite(ctx, args.clinicalSiteId);
    if (args.patientContactId) {
      const contact = ctx.find(t.patientContacts, args.patientContactId);
      if (contact?.studentId !== args.studentId) {
        throw invalid({ patientContactId: 'Patient contact not found' });
      }
    }
    const attempt = ctx.insert(t.skillAttempts, {
      ...args,
      ...attemptDeltas(args.outcome),
      recordedBy: ctx.actor.id,
      ...verification(ctx),
    });
    addToSummary(ctx, attempt);
    return attempt;
  },
});

/** What an attempt the caller may not see answers, as one that exists nowhere. */
const attemptNotFound = () => notFound('Skill attempt');

/** An attempt the caller may see, or the answer an attempt that exists nowhere gets. */
function visibleAttempt(ctx: CommandContext, id: string): AttemptRow {
  const attempt = ctx.find(t.skillAttempts, id);
  const student = attempt && ctx.find(t.students, attempt.studentId);
  if (!attempt || !student || !canSeeStudent(ctx.tx, ctx.actor, student)) throw attemptNotFound();
  return attempt;
}

/**
 * Takes one attempt out of the figures with a reason; the attempt stays in the log. Its recorder or staff may void it
 * (a student only their own). A second void of the same attempt, from another device that voided it offline, returns
 * the first and changes nothing.
 */
export const voidSkillAttempt = defineCommand({
  name: 'voidSkillAttempt',
  offline: true,
  args: voidSkillAttemptSchema,
  apply(ctx, { id, attemptId, reason }) {
    const attempt = visibleAttempt(ctx, attemptId);
    if (!mayVoidAttempt(ctx.actor, attempt)) throw forbidden();
    const existing = rowWhere<typeof t.skillAttemptVoids.$inferSelect>(
      ctx.tx,
      t.skillAttemptVoids,
      'attempt_id = ?',
      attemptId,
    );
    if (existing) return existing;
    const voided = ctx.insert(
      t.skillAttemptVoids,
      { id, attemptId, studentId: attempt.studentId, skillId: attempt.skillId, reason, voidedBy: ctx.actor.id },
      attemptNotFound,
    );
    takeFromSummary(ctx, attempt);
    markChangedAfterSigning(ctx, attempt.studentId, attempt.id);
    return voided;
  },
});

/**
 * A device's clock stamp, no later than the server's clock allows: a device whose clock runs days ahead (or a
 * hostile client) must not make its edits win over every later one.
 */
export function boundedStamp(stamp: string, now: string): string {
  const limit = Date.parse(now) + MAX_CLOCK_AHEAD_MS;
  const { ms, counter, node } = parseHlc(stamp);
  return ms > limit ? formatHlc(limit, counter, node) : stamp;
}

/**
 * Edits the judgement fields of a student's skill (status or percentage override, notes, next assessment date): each
 * field changes only if this save is later than the one that set it, by the device's clock stamp.
 */
export const editSkillAssessment = defineCommand({
  name: 'editSkillAssessment',
  offline: true,
  args: skillAssessmentSchema,
  apply(ctx, { studentId, skillId, stamp, changes }) {
    assertCan(ctx.actor, 'progress.record');
    assertStudentVisible(ctx.tx, ctx.actor, studentId, studentFieldNotFound);
    assertSkill(ctx, skillId);
    return writeSummary(ctx, studentId, skillId, (row) => {
      const bounded = boundedStamp(stamp, ctx.now);
      const merged = mergeAssessment(row?.fieldStamps, changes, bounded, ctx.actor.id);
      if (row && merged.lost.length > 0) keepSuperseded(ctx, row, merged.lost, changes, bounded);
      const changed = Object.keys(merged.fields).length > 0;
      return {
        figures: figuresOf(row),
        fields: changed ? { ...merged.fields, fieldStamps: merged.stamps, instructorId: ctx.actor.id } : {},
      };
    });
  },
});

/**
 * The values of an edit that lost to a later save, in the audit log of the skill's summary (with the stamp of when
 * they were saved, as History shows it): what the user typed stays on record. A value equal to the one that stands
 * lost nothing.
 */
function keepSuperseded(
  ctx: CommandContext,
  row: SummaryRow,
  fields: AssessmentField[],
  changes: Partial<Record<AssessmentField, unknown>>,
  stamp: string,
) {
  const lost = fields.filter((f) => (row[f] ?? null) !== (changes[f] ?? null));
  if (lost.length === 0) return;
  const values: Record<string, { before: unknown; after: unknown }> = {
    fieldStamps: { before: null, after: Object.fromEntries(lost.map((f) => [f, { stamp, by: ctx.actor.id }])) },
  };
  for (const field of lost) values[field] = { before: row[field] ?? null, after: changes[field] ?? null };
  ctx.recordSuperseded(t.studentSkills, row, values);
}

export const skillAttemptCommands = [logSkillAttempt, voidSkillAttempt, editSkillAssessment];

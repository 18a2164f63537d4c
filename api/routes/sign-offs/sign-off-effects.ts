/**
 * What a sign-off's state does to the records it covers. While its state counts (the student's program says which;
 * by default code-verified, confirmed and accepted) the student's own attempts in it are verified and count toward
 * the minimums; leaving those states, or the program no longer counting the state, takes that back.
 * A record changed after signing (an attempt voided, hours deleted) marks every sign-off holding it as changed.
 */
import { and, eq, inArray, isNull } from 'drizzle-orm';
import { createHash } from 'node:crypto';
import {
  DEFAULT_COUNTED_STATES,
  HOLDING_STATES,
  signOffVerifier,
  type SignOffStatus,
} from '../../../schema/sign-off.ts';
import { applyEntry, entryOf, figuresOf } from '../../../schema/skill-figures.ts';
import { MSG } from '../../../schema/messages.ts';
import * as t from '../../../schema/tables.ts';
import type { CommandContext } from '../../commands/command.ts';
import { writeSummary } from '../student-skills/skill-summary.ts';

export type SignOffRow = typeof t.signOffs.$inferSelect;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The sign-off states the student's program counts. */
function countedStates(ctx: CommandContext, studentId: string): readonly string[] {
  const student = ctx.find(t.students, studentId);
  const program = student && ctx.find(t.programs, student.programId);
  return program?.countedSignOffStates ?? DEFAULT_COUNTED_STATES;
}

function attemptsOf(ctx: CommandContext, signOff: SignOffRow) {
  const ids = signOff.records.filter((r) => r.kind === 'attempt').map((r) => r.id);
  if (ids.length === 0) return [];
  return ctx.tx.select().from(t.skillAttempts).where(inArray(t.skillAttempts.id, ids)).all();
}

/** Verifies the student's own hours the sign-off holds, or takes back what it verified; the tallies follow. */
function setHoursVerified(ctx: CommandContext, signOff: SignOffRow, verified: boolean) {
  const ids = signOff.records.filter((r) => r.kind === 'hours').map((r) => r.id);
  if (ids.length === 0) return;
  const verifier = signOffVerifier(signOff.id);
  const live = and(inArray(t.clinicalHours.id, ids), isNull(t.clinicalHours.deletedAt));
  for (const hours of ctx.tx.select().from(t.clinicalHours).where(live).all()) {
    if (verified ? hours.verifiedBy !== null : hours.verifiedBy !== verifier) continue;
    ctx.update(
      t.clinicalHours,
      hours,
      verified ? { verifiedBy: verifier, verifiedAt: ctx.now } : { verifiedBy: null, verifiedAt: null },
    );
  }
}

/** Moves each of the student's own attempts (and hours) between pending and counted in the figures. */
function setVerified(ctx: CommandContext, signOff: SignOffRow, verified: boolean) {
  setHoursVerified(ctx, signOff, verified);
  for (const attempt of attemptsOf(ctx, signOff)) {
    const mine = attempt.verifiedBy === signOffVerifier(signOff.id);
    if (verified ? attempt.verifiedBy !== null : !mine) continue;
    const stamp = verified
      ? { verifiedBy: signOffVerifier(signOff.id), verifiedAt: ctx.now }
      : { verifiedBy: null, verifiedAt: null };
    const updated = ctx.update(t.skillAttempts, attempt, stamp);
    const voided = ctx.tx
      .select({ id: t.skillAttemptVoids.id })
      .from(t.skillAttemptVoids)
      .where(eq(t.skillAttemptVoids.attemptId, attempt.id))
      .get();
    if (voided) continue;
    writeSummary(ctx, attempt.studentId, attempt.skillId, (row) => ({
      figures: applyEntry(applyEntry(figuresOf(row), entryOf(attempt), -1), entryOf(updated)),
    }));
  }
}

/** Moves a sign-off to a new state, verifying or unverifying its attempts when counting starts or stops. */
export function moveSignOff(
  ctx: CommandContext,
  signOff: SignOffRow,
  status: SignOffStatus,
  note: string | null = null,
): SignOffRow {
  const counted = countedStates(ctx, signOff.studentId);
  const updated = ctx.update(t.signOffs, signOff, {
    status,
    statusNote: note,
    statusBy: ctx.actor.id,
    statusAt: ctx.now,
  });
  if (counted.includes(signOff.status) !== counted.includes(status))
    setVerified(ctx, updated, counted.includes(status));
  return updated;
}

/** A program changed which states count: its students' sign-offs in a state that started or stopped counting. */
export function restateProgramSignOffs(
  ctx: CommandContext,
  programId: string,
  before: readonly string[],
  after: readonly string[],
) {
  const changed = [...new Set([...before, ...after])].filter((s) => before.includes(s) !== after.includes(s));
  if (changed.length === 0) return;
  const rows = ctx.tx
    .select({ signOff: t.signOffs })
    .from(t.signOffs)
    .innerJoin(t.students, eq(t.students.id, t.signOffs.studentId))
    .where(and(eq(t.students.programId, programId), isNull(t.signOffs.deletedAt), inArray(t.signOffs.status, changed)))
    .all();
  for (const { signOff } of rows) setVerified(ctx, signOff, after.includes(signOff.status));
}

/** Sign-offs of the student that hold any of these records (awaiting or counted). */
export function holdingSignOffs(ctx: CommandContext, studentId: string, recordIds: readonly string[]) {
  const ids = new Set(recordIds);
  return ctx.tx
    .select()
    .from(t.signOffs)
    .where(
      and(
        eq(t.signOffs.studentId, studentId),
        isNull(t.signOffs.deletedAt),
        inArray(t.signOffs.status, [...HOLDING_STATES]),
      ),
    )
    .all()
    .filter((s) => s.records.some((r) => ids.has(r.id)));
}

/** A signed record was voided or deleted: what was signed no longer stands, so neither does the signature. */
export function markChangedAfterSigning(ctx: CommandContext, studentId: string, recordId: string) {
  for (const signOff of holdingSignOffs(ctx, studentId, [recordId])) {
    moveSignOff(ctx, signOff, 'changed', MSG.changedAfterSigning);
  }
}

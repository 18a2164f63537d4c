/**
 * What a sign-off's state does to the records it covers. While its state counts (the student's current program says
 * which; by default code-verified and confirmed) the student's own attempts in it are verified and count toward the
 * minimums; leaving those states, the student moving to a program that does not count it, or the program no longer
 * counting it, takes that back.
 * A record changed after signing (an attempt voided, hours deleted) marks every sign-off holding it as changed.
 */
import { createHash } from 'node:crypto';

import { and, eq, inArray, isNull } from 'drizzle-orm';

import type { CommandContext } from '#api/commands/command.ts';
import { statement } from '#api/db/statements.ts';
import { MSG } from '#schema/messages.ts';
import {
  attemptVerifier,
  DEFAULT_COUNTED_STATES,
  HOLDING_STATES,
  hoursRefuser,
  type SignOffStatus,
  signOffVerifier,
} from '#schema/sign-off.ts';
import { applyEntry, entryOf, figuresOf } from '#schema/skill-figures.ts';
import * as t from '#schema/tables.ts';

import { writeSummary } from './skill-summary.ts';

export type SignOffRow = typeof t.signOffs.$inferSelect;

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The sign-off states the student's program counts. */
function countedStates(ctx: CommandContext, studentId: string): readonly string[] {
  const student = ctx.find(t.students, studentId);
  const program = student && ctx.find(t.programs, student.programId);
  return program?.countedSignOffStates ?? DEFAULT_COUNTED_STATES;
}

const liveSignOffsOf = (ctx: CommandContext, studentId: string) =>
  ctx.tx
    .select()
    .from(t.signOffs)
    .where(and(eq(t.signOffs.studentId, studentId), isNull(t.signOffs.deletedAt)))
    .all();

const isVoided = (ctx: CommandContext, attemptId: string) =>
  !!ctx.tx
    .select({ id: t.skillAttemptVoids.id })
    .from(t.skillAttemptVoids)
    .where(eq(t.skillAttemptVoids.attemptId, attemptId))
    .get();

/**
 * Derives the verified stamp of these attempts from scratch (schema/sign-off.ts attemptVerifier): from the states of
 * the student's sign-offs holding each and what the student's current program counts. Every change to either calls
 * this rather than toggling stamps, so no order of changes can leave one standing. A changed stamp moves the attempt
 * between pending and counted in its skill's figures (a voided one is in no figures).
 */
function restateAttempts(ctx: CommandContext, studentId: string, attemptIds: ReadonlySet<string>) {
  if (attemptIds.size === 0) return;
  const counted = countedStates(ctx, studentId);
  const signOffs = liveSignOffsOf(ctx, studentId);
  const attempts = ctx.tx
    .select()
    .from(t.skillAttempts)
    .where(and(inArray(t.skillAttempts.id, [...attemptIds]), eq(t.skillAttempts.studentId, studentId)))
    .all();
  for (const attempt of attempts) {
    const holding = signOffs.filter((s) => s.records.some((r) => r.kind === 'attempt' && r.id === attempt.id));
    const verifiedBy = attemptVerifier(attempt.verifiedBy, holding, counted);
    if (verifiedBy === attempt.verifiedBy) continue;
    const updated = ctx.update(t.skillAttempts, attempt, { verifiedBy, verifiedAt: verifiedBy && ctx.now });
    if (attempt.deletedAt || isVoided(ctx, attempt.id)) continue;
    writeSummary(ctx, studentId, attempt.skillId, (row) => ({
      figures: applyEntry(applyEntry(figuresOf(row), entryOf(attempt), -1), entryOf(updated)),
    }));
  }
}

/** The student's own records verified as attempts are, but in no skill's figures: a changed stamp is all they need. */
const STAMPED = { hours: t.clinicalHours, contact: t.patientContacts } as const;
type StampedKind = keyof typeof STAMPED;

/**
 * The same rule for the student's hours entries or patient contacts: hours move in the tallies (by trigger). Hours
 * also carry which refused sign-off they stand on (`hoursRefuser`), so every figure tells refused from awaiting.
 */
function restateStamped(ctx: CommandContext, kind: StampedKind, studentId: string, ids: ReadonlySet<string>) {
  if (ids.size === 0) return;
  const table = STAMPED[kind];
  const counted = countedStates(ctx, studentId);
  const signOffs = liveSignOffsOf(ctx, studentId);
  const entries = ctx.tx
    .select()
    .from(table)
    .where(and(inArray(table.id, [...ids]), eq(table.studentId, studentId), isNull(table.deletedAt)))
    .all();
  for (const entry of entries) {
    const holding = signOffs.filter((s) => s.records.some((r) => r.kind === kind && r.id === entry.id));
    const verifiedBy = attemptVerifier(entry.verifiedBy, holding, counted);
    // only hours tell refused from awaiting: a contact is verified or not
    const refusedBy = kind === 'hours' ? hoursRefuser(verifiedBy, holding) : null;
    const stamps = {
      ...(verifiedBy !== entry.verifiedBy && { verifiedBy, verifiedAt: verifiedBy && ctx.now }),
      ...(refusedBy !== refusedByOf(entry) && { refusedBy }),
    };
    if (Object.keys(stamps).length > 0) ctx.update(table, entry, stamps);
  }
}

const refusedByOf = (entry: object) => ('refusedBy' in entry ? (entry.refusedBy as string | null) : null);

const signedIds = (signOff: Pick<SignOffRow, 'records'>, kind: 'attempt' | StampedKind) =>
  new Set(signOff.records.filter((r) => r.kind === kind).map((r) => r.id));

/** Restates the attempts, hours and contacts a sign-off holds: after it was made, or its state moved. */
export function restateSignOff(ctx: CommandContext, signOff: SignOffRow) {
  restateAttempts(ctx, signOff.studentId, signedIds(signOff, 'attempt'));
  for (const kind of ['hours', 'contact'] as const)
    restateStamped(ctx, kind, signOff.studentId, signedIds(signOff, kind));
}

/** Ids of the student's records of one kind a live sign-off holds or vouches for. */
const heldOrVouched = (
  ctx: CommandContext,
  table: 'skill_attempts' | 'clinical_hours' | 'patient_contacts',
  kind: string,
  studentId: string,
) =>
  new Set(
    (
      statement(
        ctx.tx,
        `select id from ${table} where student_id = @student and (verified_by like @vouched or id in (
      select json_extract(r.value, '$.id') from sign_offs s, json_each(s.records) r
      where s.student_id = @student and s.deleted_at is null and json_extract(r.value, '$.kind') = @kind))`,
      ).all({ student: studentId, vouched: signOffVerifier('%'), kind }) as { id: string }[]
    ).map((r) => r.id),
  );

/**
 * Restates every attempt, hours entry and contact of the student a sign-off holds or vouches for: after the student moved program, or their
 * program changed which states count. One cached statement finds them: a move is pushed in bulk, and most students
 * have none.
 */
export function restateStudent(ctx: CommandContext, studentId: string) {
  restateAttempts(ctx, studentId, heldOrVouched(ctx, 'skill_attempts', 'attempt', studentId));
  restateStamped(ctx, 'hours', studentId, heldOrVouched(ctx, 'clinical_hours', 'hours', studentId));
  restateStamped(ctx, 'contact', studentId, heldOrVouched(ctx, 'patient_contacts', 'contact', studentId));
}

/** Moves a sign-off to a new state; its attempts, hours and contacts follow. */
export function moveSignOff(
  ctx: CommandContext,
  signOff: SignOffRow,
  status: SignOffStatus,
  note: string | null = null,
): SignOffRow {
  const updated = ctx.update(t.signOffs, signOff, {
    status,
    statusNote: note,
    statusBy: ctx.actor.id,
    statusAt: ctx.now,
  });
  restateSignOff(ctx, updated);
  return updated;
}

/** A program changed which states count: each of its students' attempts follows. */
export function restateProgramSignOffs(ctx: CommandContext, programId: string) {
  const students = ctx.tx
    .select({ id: t.students.id })
    .from(t.students)
    .where(eq(t.students.programId, programId))
    .all();
  for (const { id } of students) restateStudent(ctx, id);
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

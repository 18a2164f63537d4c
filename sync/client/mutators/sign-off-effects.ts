/**
 * The device's side of api/domain/evidence/sign-off-effects.ts: a record's verification restated from the sign-offs
 * holding it (schema/sign-off.ts attemptVerifier), and sign-offs marked changed when what they signed is voided or
 * removed.
 */
import { MSG } from '#schema/messages.ts';
import { attemptVerifier, DEFAULT_COUNTED_STATES, HOLDING_STATES, hoursRefuser } from '#schema/sign-off.ts';
import { applyEntry, entryOf, figuresOf } from '#schema/skill-figures.ts';

import type { DomainRows } from '../db.ts';
import type { LocalWriter } from '../local-writer.ts';
import type { MutatorContext } from './mutator.ts';
import { writeSummary } from './skill-summary.ts';

/** The sign-off states the student's program counts toward its minimums. */
async function countedStates(w: LocalWriter, studentId: string): Promise<readonly string[]> {
  const student = await w.get('students', studentId);
  const program = student?.programId ? await w.get('programs', student.programId) : undefined;
  return program?.countedSignOffStates ?? DEFAULT_COUNTED_STATES;
}

/**
 * The server's restatement of these attempts' verification (api/domain/evidence/sign-off-effects.ts), by the same
 * rule (schema/sign-off.ts attemptVerifier): the states of the device's sign-offs holding each and what the student's
 * program counts. A changed stamp moves the attempt between pending and counted in its skill's figures.
 */
async function restateAttempts(w: LocalWriter, studentId: string, attemptIds: Iterable<string>, ctx: MutatorContext) {
  const counted = await countedStates(w, studentId);
  const signOffs = await w.all('signOffs', 'studentId', studentId);
  for (const id of new Set(attemptIds)) {
    const attempt = await w.get('skillAttempts', id);
    if (!attempt) continue;
    const holding = signOffs.filter((s) => s.records.some((r) => r.kind === 'attempt' && r.id === id));
    const current = attempt.verifiedBy ?? null;
    const verifiedBy = attemptVerifier(current, holding, counted);
    if (verifiedBy === current) continue;
    const updated = { ...attempt, verifiedBy, verifiedAt: verifiedBy && ctx.now, updatedAt: ctx.now };
    await w.put('skillAttempts', updated);
    if (await w.first('skillAttemptVoids', 'attemptId', id)) continue;
    await writeSummary(w, studentId, attempt.skillId, ctx, (row) => ({
      figures: applyEntry(applyEntry(figuresOf(row), entryOf(attempt), -1), entryOf(updated)),
    }));
  }
}

/** The student's own records stamped as attempts are, but in no skill's figures (the server's STAMPED). */
const STAMPED = { hours: 'clinicalHours', contact: 'patientContacts' } as const;
type StampedKind = keyof typeof STAMPED;

/** The same rule for the student's hours entries or patient contacts, as the server's restateStamped. */
async function restateStamped(
  w: LocalWriter,
  kind: StampedKind,
  studentId: string,
  ids: Iterable<string>,
  ctx: MutatorContext,
) {
  const table = STAMPED[kind];
  const counted = await countedStates(w, studentId);
  const signOffs = await w.all('signOffs', 'studentId', studentId);
  for (const id of new Set(ids)) {
    const entry = await w.get(table, id);
    if (!entry) continue;
    const holding = signOffs.filter((s) => s.records.some((r) => r.kind === kind && r.id === id));
    const current = entry.verifiedBy ?? null;
    const verifiedBy = attemptVerifier(current, holding, counted);
    // only hours tell refused from awaiting (the server's restateStamped): a contact is verified or not
    const refusedBy = kind === 'hours' ? hoursRefuser(verifiedBy, holding) : null;
    const refusedBefore = 'refusedBy' in entry ? (entry.refusedBy ?? null) : null;
    const stamps = {
      ...(verifiedBy !== current && { verifiedBy, verifiedAt: verifiedBy && ctx.now }),
      ...(refusedBy !== refusedBefore && { refusedBy }),
    };
    if (Object.keys(stamps).length > 0) await w.update(table, id, { ...stamps, updatedAt: ctx.now });
  }
}

const signedIds = (signOff: Pick<DomainRows['signOffs'], 'records'>, kind: 'attempt' | StampedKind) =>
  signOff.records.filter((r) => r.kind === kind).map((r) => r.id);

/** Restates the attempts, hours and contacts these sign-offs of the student hold. */
export async function restateSigned(
  w: LocalWriter,
  studentId: string,
  signOffs: readonly Pick<DomainRows['signOffs'], 'records'>[],
  ctx: MutatorContext,
) {
  await restateAttempts(
    w,
    studentId,
    signOffs.flatMap((s) => signedIds(s, 'attempt')),
    ctx,
  );
  for (const kind of ['hours', 'contact'] as const)
    await restateStamped(
      w,
      kind,
      studentId,
      signOffs.flatMap((s) => signedIds(s, kind)),
      ctx,
    );
}

/**
 * A signed record voided or deleted on this device: what was signed no longer stands, so every sign-off holding it
 * shows as changed after signing and its records as unsigned at once, offline too, as the server's
 * markChangedAfterSigning makes them when the change arrives there (its rows then replace these).
 */
export async function markChangedAfterSigning(
  w: LocalWriter,
  studentId: string,
  recordId: string,
  ctx: MutatorContext,
) {
  const holding = (await w.all('signOffs', 'studentId', studentId)).filter(
    (s) => (HOLDING_STATES as readonly unknown[]).includes(s.status) && s.records.some((r) => r.id === recordId),
  );
  for (const signOff of holding) {
    await w.update('signOffs', signOff.id, {
      status: 'changed',
      statusNote: MSG.changedAfterSigning,
      statusBy: ctx.userId,
      statusAt: ctx.now,
      updatedAt: ctx.now,
    });
  }
  await restateSigned(w, studentId, holding, ctx);
}

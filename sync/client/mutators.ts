/**
 * The mutations this app can make offline, one for each name the server's push accepts (../offline-mutations.ts):
 * each has the same argument schema as the server command of that name
 * (a test checks they are the same objects) and an optimistic effect on the device's database that mirrors the
 * command closely enough for the screens; the server's version replaces it at the next pull.
 */
import type { z } from 'zod';

import { ASSESSMENT_FIELDS, mergeAssessment } from '#schema/assessment-fields.ts';
import { clinicalHoursSchema } from '#schema/clinical-hours.ts';
import { byId, queuedRemoveEntrySchema, removeEntrySchema } from '#schema/common.ts';
import { hlcTime } from '#schema/hlc.ts';
import { messageFlagsArgs, messageSchema } from '#schema/message.ts';
import { MSG } from '#schema/messages.ts';
import { patientContactSchema } from '#schema/patient-contact-schema.ts';
import { verifiedOnEntry } from '#schema/permissions.ts';
import {
  clinicalTimeRequestSchema,
  preceptorRequestSchema,
  programJoinRequestSchema,
  roleChangeRequestSchema,
  sitePreceptorRequestSchema,
} from '#schema/request.ts';
import { attemptVerifier, DEFAULT_COUNTED_STATES, HOLDING_STATES } from '#schema/sign-off.ts';
import { signOffSchema } from '#schema/sign-off-schema.ts';
import { skillAssessmentSchema, skillAttemptSchema, voidSkillAttemptSchema } from '#schema/skill-attempt.ts';
import {
  applyEntry,
  attemptDeltas,
  entryOf,
  figuresOf,
  latestAttemptDate,
  type SkillFigures,
  type SkillMinimum,
  skillMinimum,
  summaryAfter,
} from '#schema/skill-figures.ts';
import { skillProgressSchema } from '#schema/skill-progress.ts';
import { studentCreateSchema, studentUpdateArgs } from '#schema/student.ts';

import type { OfflineMutationName } from '../offline-mutations.ts';
import type { DomainRows, TrainingDb } from './db.ts';
import { entityKey, progressKey } from './entity-keys.ts';
import type { LocalWriter } from './local-writer.ts';
import { TASK_BOOK_MUTATORS } from './mutators/task-book.ts';

export interface MutatorContext {
  userId: string;
  now: string;
}

export interface Mutator<S extends z.ZodType> {
  args: S;
  /** The command's `queuedArgs`: what an older app queued, replayed on the device as the server takes it. */
  queuedArgs?: z.ZodType;
  /** Records created by this mutation get a client-generated id, so the optimistic row and the server row are one. */
  creates?: boolean;
  entityKeys: (args: z.output<S>) => string[];
  apply?: (w: LocalWriter, args: z.output<S>, ctx: MutatorContext) => Promise<void>;
  /**
   * Why the device refuses this write as it is queued (the server's rule, on the device's rows), or null. Checked
   * only when queued: a replay after a pull that makes it refused leaves it to the server's answer.
   */
  refuse?: (w: LocalWriter, args: z.output<S>, ctx: MutatorContext) => Promise<string | null>;
  /**
   * Once the server has applied it, at the next pull (in its transaction, the server's rows stored): what the device
   * learns from them. The engine runs it for any mutation that declares it, so it names none.
   */
  afterPull?: (device: { db: TrainingDb; userId: string }, args: z.output<S>) => Promise<void>;
}
const mutator = <S extends z.ZodType>(m: Mutator<S>) => m;

/**
 * An assessment edit of this device the server applied: each changed field whose pulled stamp is later and someone
 * else's lost. Record whose change stands and what this device saved, so the screen can say so instead of switching
 * silently, and the user keeps what they typed.
 */
async function noteLostEdit(
  { db, userId }: { db: TrainingDb; userId: string },
  { studentId, skillId, stamp, changes }: z.output<typeof skillAssessmentSchema>,
) {
  const row = await db.rows('studentSkills').where('[studentId+skillId]').equals([studentId, skillId]).first();
  const stamps = row?.fieldStamps ?? {};
  for (const field of ASSESSMENT_FIELDS) {
    const kept = stamps[field];
    if (!(field in changes) || !kept || kept.stamp <= stamp || kept.by === userId) continue;
    const mine = (changes as Record<string, unknown>)[field] ?? null;
    await db.notices.add({ studentId, skillId, field, by: kept.by, at: hlcTime(kept.stamp), mine });
  }
}

/** The program's minimum for the skill: three lookups by key, no scan. */
async function minimumFor(w: LocalWriter, studentId: string, skillId: string): Promise<SkillMinimum> {
  const skill = await w.get('skills', skillId);
  const student = await w.get('students', studentId);
  const program = student?.programId ? await w.get('programs', student.programId) : undefined;
  return skillMinimum(program?.skillMinimums, {
    id: skillId,
    minimumAttempts: skill?.minimumAttempts ?? 1,
  });
}

/**
 * Writes new figures (and judgement fields) to the pair's summary row, creating it if missing, with the shown status
 * recomputed from schema/skill-figures.ts as the server does.
 */
async function writeSummary(
  w: LocalWriter,
  studentId: string,
  skillId: string,
  ctx: MutatorContext,
  change: (current: Record<string, unknown> | undefined) => { figures: SkillFigures; fields?: Record<string, unknown> },
) {
  const current = await w.first('studentSkills', '[studentId+skillId]', [studentId, skillId]);
  const { figures, fields } = change(current);
  const row = {
    ...summaryAfter(current, figures, await minimumFor(w, studentId, skillId), fields),
    updatedAt: ctx.now,
  };
  if (current) await w.put('studentSkills', { ...current, ...row });
  else
    await w.put('studentSkills', {
      id: `${studentId}/${skillId}`,
      studentId,
      skillId,
      instructorId: null,
      notes: null,
      nextAssessmentDate: null,
      statusOverride: null,
      progressOverride: null,
      fieldStamps: {},
      ...row,
      createdAt: ctx.now,
    });
}

/** verifiedOnEntry for the signed-in user, by their role as the device holds it. */
const isVerifiedOnEntry = async (w: LocalWriter, userId: string) =>
  verifiedOnEntry((await w.get('users', userId))?.role as string | undefined);

/** A student's own hours and contacts wait for verification as their attempts do; staff entries are verified. */
async function verification(w: LocalWriter, ctx: MutatorContext) {
  const verified = await isVerifiedOnEntry(w, ctx.userId);
  return { verifiedBy: verified ? ctx.userId : null, verifiedAt: verified ? ctx.now : null };
}

/** The device table each kind of signed record lives in. */
const RECORD_TABLES = { attempt: 'skillAttempts', contact: 'patientContacts', hours: 'clinicalHours' } as const;

const stamp = (ctx: MutatorContext) => ({ createdAt: ctx.now, updatedAt: ctx.now });

/** The sign-off states the student's program counts toward its minimums. */
async function countedStates(w: LocalWriter, studentId: string): Promise<readonly string[]> {
  const student = await w.get('students', studentId);
  const program = student?.programId ? await w.get('programs', student.programId) : undefined;
  return program?.countedSignOffStates ?? DEFAULT_COUNTED_STATES;
}

/**
 * The server's restatement of these attempts' verification (api/routes/sign-offs/sign-off-effects.ts), by the same
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
    if (verifiedBy !== current)
      await w.update(table, id, { verifiedBy, verifiedAt: verifiedBy && ctx.now, updatedAt: ctx.now });
  }
}

const signedIds = (signOff: Pick<DomainRows['signOffs'], 'records'>, kind: 'attempt' | StampedKind) =>
  signOff.records.filter((r) => r.kind === kind).map((r) => r.id);

/** Restates the attempts, hours and contacts these sign-offs of the student hold. */
async function restateSigned(
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
async function markChangedAfterSigning(w: LocalWriter, studentId: string, recordId: string, ctx: MutatorContext) {
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
/** A wrong contact or hours entry leaves the device's figures at once, and the sign-offs holding it are changed. */
const removeStudentRecord = (table: 'patientContacts' | 'clinicalHours') =>
  mutator({
    args: removeEntrySchema,
    queuedArgs: queuedRemoveEntrySchema,
    entityKeys: (a) => [entityKey(table, a.id)],
    async apply(w, { id }, ctx) {
      const row = await w.get(table, id);
      await w.delete(table, id);
      if (row) await markChangedAfterSigning(w, row.studentId, id, ctx);
    },
  });

const fileRequest =
  (kind: string) =>
  async (w: LocalWriter, { id, ...args }: { id?: string } & Record<string, unknown>, ctx: MutatorContext) => {
    await w.put('requests', { id: id!, ...args, kind, userId: ctx.userId, status: 'pending', ...stamp(ctx) });
  };

export const MUTATORS = {
  recordSkillProgress: mutator({
    args: skillProgressSchema,
    creates: true,
    entityKeys: (a) => [progressKey(a.studentId, a.skillId)],
    async apply(w, { id, instructorId: _ignored, ...a }, ctx) {
      const existing =
        (await w.get('studentSkills', id!)) ??
        (await w.first('studentSkills', '[studentId+skillId]', [a.studentId, a.skillId]));
      const values = { ...a, instructorId: ctx.userId, updatedAt: ctx.now };
      if (existing) await w.update('studentSkills', existing.id, values);
      else await w.put('studentSkills', { id: id!, ...values, createdAt: ctx.now });
    },
  }),
  logSkillAttempt: mutator({
    args: skillAttemptSchema,
    creates: true,
    entityKeys: (a) => [progressKey(a.studentId, a.skillId)],
    async apply(w, { id, ...a }, ctx) {
      const verified = await isVerifiedOnEntry(w, ctx.userId);
      const attempt = {
        id: id!,
        ...a,
        ...attemptDeltas(a.outcome),
        recordedBy: ctx.userId,
        verifiedBy: verified ? ctx.userId : null,
        verifiedAt: verified ? ctx.now : null,
        ...stamp(ctx),
      };
      await w.put('skillAttempts', attempt);
      await writeSummary(w, a.studentId, a.skillId, ctx, (row) => ({
        figures: applyEntry(figuresOf(row), entryOf(attempt)),
      }));
    },
  }),
  voidSkillAttempt: mutator({
    args: voidSkillAttemptSchema,
    creates: true,
    entityKeys: (a) => [entityKey('skillAttempts', a.attemptId)],
    async apply(w, { id, attemptId, reason }, ctx) {
      const attempt = await w.get('skillAttempts', attemptId);
      // a second void of the same attempt (another device's, already pulled) changes nothing, as on the server
      if (!attempt || (await w.first('skillAttemptVoids', 'attemptId', attemptId))) return;
      const studentId = attempt.studentId;
      const skillId = attempt.skillId;
      await w.put('skillAttemptVoids', {
        id: id!,
        attemptId,
        studentId,
        skillId,
        reason,
        voidedBy: ctx.userId,
        ...stamp(ctx),
      });
      const voided = new Set(
        (await w.all('skillAttemptVoids', '[studentId+skillId]', [studentId, skillId])).map((v) => v.attemptId),
      );
      const standing = (await w.all('skillAttempts', '[studentId+skillId]', [studentId, skillId]))
        .filter((e) => !voided.has(e.id))
        .map((e) => entryOf(e));
      await writeSummary(w, studentId, skillId, ctx, (row) => ({
        figures: {
          ...applyEntry(figuresOf(row), entryOf(attempt), -1),
          lastAttemptDate: latestAttemptDate(standing),
        },
      }));
      await markChangedAfterSigning(w, studentId, attemptId, ctx);
    },
  }),
  editSkillAssessment: mutator({
    args: skillAssessmentSchema,
    creates: true,
    entityKeys: (a) => [progressKey(a.studentId, a.skillId)],
    async apply(w, { studentId, skillId, stamp: at, changes }, ctx) {
      await writeSummary(w, studentId, skillId, ctx, (row) => {
        const merged = mergeAssessment(row?.fieldStamps ?? null, changes, at, ctx.userId);
        return { figures: figuresOf(row), fields: { ...merged.fields, fieldStamps: merged.stamps } };
      });
    },
    afterPull: noteLostEdit,
  }),
  logPatientContact: mutator({
    args: patientContactSchema,
    creates: true,
    entityKeys: (a) => [entityKey('patientContacts', a.id!)],
    async apply(w, { id, ...a }, ctx) {
      await w.put('patientContacts', {
        id: id!,
        ...a,
        recordedBy: ctx.userId,
        ...(await verification(w, ctx)),
        ...stamp(ctx),
      });
    },
  }),
  deletePatientContact: removeStudentRecord('patientContacts'),
  signOff: mutator({
    args: signOffSchema,
    creates: true,
    entityKeys: (a) => [entityKey('signOffs', a.id), ...a.records.map((r) => entityKey(RECORD_TABLES[r.kind], r.id))],
    async apply(w, { attested: _attested, ...a }, ctx) {
      await w.put('signOffs', {
        ...a,
        recordedBy: ctx.userId,
        status: 'awaiting',
        statusNote: null,
        statusBy: null,
        statusAt: null,
        chainBroken: false,
        ...stamp(ctx),
      });
      await restateSigned(w, a.studentId, [a], ctx);
    },
  }),
  createStudent: mutator({
    args: studentCreateSchema,
    creates: true,
    entityKeys: (a) => [entityKey('students', a.id!)],
    async apply(w, { id, studentId, ...a }, ctx) {
      await w.put('students', { id: id!, ...a, studentId, ...stamp(ctx) });
    },
  }),
  updateStudent: mutator({
    args: studentUpdateArgs,
    entityKeys: (a) => [entityKey('students', a.id)],
    async apply(w, { id, changes }, ctx) {
      const before = await w.get('students', id);
      await w.update('students', id, { ...changes, updatedAt: ctx.now });
      if (!changes.programId || changes.programId === before?.programId) return;
      // the attempts the student's sign-offs hold answer to what the new program counts, and their figures to its
      // minimums, as on the server
      const signOffs = await w.all('signOffs', 'studentId', id);
      await restateSigned(w, id, signOffs, ctx);
      for (const row of await w.all('studentSkills', 'studentId', id)) {
        await writeSummary(w, id, row.skillId, ctx, (current) => ({ figures: figuresOf(current) }));
      }
    },
  }),
  deleteStudent: mutator({
    args: byId,
    entityKeys: (a) => [entityKey('students', a.id)],
    async apply(w, { id }) {
      await w.delete('students', id);
    },
  }),
  sendMessage: mutator({
    args: messageSchema,
    creates: true,
    entityKeys: (a) => [entityKey('messages', a.id!)],
    async apply(w, { id, senderId: _ignored, ...a }, ctx) {
      await w.put('messages', {
        id: id!,
        ...a,
        senderId: ctx.userId,
        isRead: false,
        isStarred: false,
        isArchived: false,
        ...stamp(ctx),
      });
    },
  }),
  markMessageRead: mutator({
    args: byId,
    entityKeys: (a) => [entityKey('messages', a.id)],
    async apply(w, { id }, ctx) {
      await w.update('messages', id, { isRead: true, readAt: ctx.now });
    },
  }),
  updateMessageFlags: mutator({
    args: messageFlagsArgs,
    entityKeys: (a) => [entityKey('messages', a.id)],
    async apply(w, { id, changes: { isDeleted, ...flags } }) {
      if (isDeleted) await w.delete('messages', id);
      else await w.update('messages', id, flags);
    },
  }),
  logClinicalHours: mutator({
    args: clinicalHoursSchema,
    creates: true,
    entityKeys: (a) => [entityKey('clinicalHours', a.id!)],
    async apply(w, { id, ...a }, ctx) {
      await w.put('clinicalHours', {
        id: id!,
        ...a,
        recordedBy: ctx.userId,
        ...(await verification(w, ctx)),
        ...stamp(ctx),
      });
    },
  }),
  deleteClinicalHours: removeStudentRecord('clinicalHours'),
  fileProgramJoinRequest: mutator({
    args: programJoinRequestSchema,
    creates: true,
    entityKeys: (a) => [entityKey('requests', a.id!)],
    apply: fileRequest('program-join'),
  }),
  fileRoleChangeRequest: mutator({
    args: roleChangeRequestSchema,
    creates: true,
    entityKeys: (a) => [entityKey('requests', a.id!)],
    // the server takes the role from the program membership; the account's role is the device's best guess until then
    async apply(w, args, ctx) {
      const me = await w.get('users', ctx.userId);
      await fileRequest('role-change')(w, { ...args, currentRole: me?.role ?? null }, ctx);
    },
  }),
  filePreceptorRequest: mutator({
    args: preceptorRequestSchema,
    creates: true,
    entityKeys: (a) => [entityKey('requests', a.id!)],
    // the free-text fields are stored in the columns the server's row uses for them, so screens read one shape
    async apply(w, { requestedDates, skillsToFocus, ...args }, ctx) {
      await fileRequest('preceptor')(
        w,
        { ...args, requestedDatesText: requestedDates, skillsToFocusText: skillsToFocus },
        ctx,
      );
    },
  }),
  fileClinicalTimeRequest: mutator({
    args: clinicalTimeRequestSchema,
    creates: true,
    entityKeys: (a) => [entityKey('requests', a.id!)],
    // stored under the server's column names, as the command does
    apply: (w, { certificationLevel, skillsFocus, ...a }, ctx) =>
      fileRequest('clinical-time')(
        w,
        { ...a, emsCertificationLevel: certificationLevel, skillsToFocusText: skillsFocus },
        ctx,
      ),
  }),
  fileSitePreceptorRequest: mutator({
    args: sitePreceptorRequestSchema,
    creates: true,
    entityKeys: (a) => [entityKey('requests', a.id!)],
    apply: fileRequest('preceptor'),
  }),
  ...TASK_BOOK_MUTATORS,
} satisfies Record<OfflineMutationName, unknown>;
export type MutationName = keyof typeof MUTATORS;
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATORS)[N]['args']>;

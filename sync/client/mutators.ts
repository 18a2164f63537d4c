/**
 * The mutations this app can make offline, one for each server command marked `offline: true` (the sync push runs
 * those and no others; sync/server/offline-only.test.ts holds the two sets equal). Each has the same argument schema
 * as the server command of that name (a test checks they are the same objects) and an optimistic effect on the
 * device's database that mirrors the command closely enough for the screens; the server's version replaces it at the
 * next pull. The evidence rules they share sit in mutators/, each file beside its server twin in api/domain/evidence/.
 */
import type { z } from 'zod';

import { ASSESSMENT_FIELDS, mergeAssessment } from '#schema/assessment-fields.ts';
import { clinicalHoursSchema } from '#schema/clinical-hours.ts';
import { byId } from '#schema/common.ts';
import { hlcTime } from '#schema/hlc.ts';
import { messageFlagsArgs, messageSchema } from '#schema/message.ts';
import { patientContactSchema } from '#schema/patient-contact-schema.ts';
import {
  clinicalTimeRequestSchema,
  preceptorRequestSchema,
  programJoinRequestSchema,
  roleChangeRequestSchema,
  sitePreceptorRequestSchema,
} from '#schema/request.ts';
import { signOffSchema } from '#schema/sign-off-schema.ts';
import { skillAssessmentSchema, skillAttemptSchema, voidSkillAttemptSchema } from '#schema/skill-attempt.ts';
import { applyEntry, attemptDeltas, entryOf, figuresOf, latestAttemptDate } from '#schema/skill-figures.ts';
import { skillProgressSchema } from '#schema/skill-progress.ts';
import { studentCreateSchema, studentUpdateArgs } from '#schema/student.ts';

import type { TrainingDb } from './db.ts';
import { entityKey, progressKey } from './entity-keys.ts';
import type { LocalWriter } from './local-writer.ts';
import { isVerifiedOnEntry, verification } from './mutators/checks.ts';
import { dorMutators } from './mutators/dor.ts';
import { mutator, type MutatorContext, stamp } from './mutators/mutator.ts';
import { removeStudentRecord } from './mutators/remove-record.ts';
import { SHIFT_MUTATORS } from './mutators/shifts.ts';
import { markChangedAfterSigning, restateSigned } from './mutators/sign-off-effects.ts';
import { writeSummary } from './mutators/skill-summary.ts';
import { TASK_BOOK_MUTATORS } from './mutators/task-book.ts';

export type { MutatorContext } from './mutators/mutator.ts';

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

/** The device table each kind of signed record lives in. */
const RECORD_TABLES = { attempt: 'skillAttempts', contact: 'patientContacts', hours: 'clinicalHours' } as const;

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
  ...SHIFT_MUTATORS,
  ...dorMutators,
  ...TASK_BOOK_MUTATORS,
};
export type MutationName = keyof typeof MUTATORS;
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATORS)[N]['args']>;

/**
 * The mutations this app can make offline, one for each name the server's push accepts (../offline-mutations.ts):
 * each has the same argument schema as the server command of that name
 * (a test checks they are the same objects) and an optimistic effect on the device's database that mirrors the
 * command closely enough for the screens; the server's version replaces it at the next pull.
 */
import type { z } from 'zod';
import { byId } from '../../schema/common.ts';
import { clinicalHoursSchema } from '../../schema/clinical-hours.ts';
import { messageFlagsArgs, messageSchema } from '../../schema/message.ts';
import {
  clinicalTimeRequestSchema,
  preceptorRequestSchema,
  programJoinRequestSchema,
  roleChangeRequestSchema,
  sitePreceptorRequestSchema,
} from '../../schema/request.ts';
import { skillProgressSchema } from '../../schema/skill-progress.ts';
import { studentCreateSchema, studentUpdateArgs } from '../../schema/student.ts';
import type { OfflineMutationName } from '../offline-mutations.ts';
import { entityKey, progressKey } from './entity-keys.ts';
import type { LocalWriter } from './local-writer.ts';

export interface MutatorContext {
  userId: string;
  now: string;
}

interface Mutator<S extends z.ZodType> {
  args: S;
  /** Records created by this mutation get a client-generated id, so the optimistic row and the server row are one. */
  creates?: boolean;
  entityKeys: (args: z.output<S>) => string[];
  apply?: (w: LocalWriter, args: z.output<S>, ctx: MutatorContext) => Promise<void>;
}
const mutator = <S extends z.ZodType>(m: Mutator<S>) => m;

const stamp = (ctx: MutatorContext) => ({ createdAt: ctx.now, updatedAt: ctx.now });
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
      await w.update('students', id, { ...changes, updatedAt: ctx.now });
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
      await w.put('clinicalHours', { id: id!, ...a, recordedBy: ctx.userId, ...stamp(ctx) });
    },
  }),
  deleteClinicalHours: mutator({
    args: byId,
    entityKeys: (a) => [entityKey('clinicalHours', a.id)],
    async apply(w, { id }) {
      await w.delete('clinicalHours', id);
    },
  }),
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
} satisfies Record<OfflineMutationName, unknown>;
export type MutationName = keyof typeof MUTATORS;
export type MutationArgs<N extends MutationName> = z.input<(typeof MUTATORS)[N]['args']>;

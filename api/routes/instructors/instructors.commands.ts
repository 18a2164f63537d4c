import { z } from 'zod';

import { defineCommand } from '#api/commands/command.ts';
import { forbidden } from '#api/http/errors.ts';
import { assertCan, can } from '#api/permissions/matrix.ts';
import { updateOf } from '#schema/common.ts';
import { instructorCreateSchema } from '#schema/instructor.ts';
import { ERR } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';

import { assertEmailFree, INSTRUCTOR_ROLES } from '../users/users.commands.ts';

const { shape } = instructorCreateSchema;
/** zod's partial() still fills defaults, which would reset every omitted flag and list on a PATCH; so they are unwrapped first. */
const instructorUpdateSchema = instructorCreateSchema
  .omit({ id: true })
  .extend({
    certifications: shape.certifications.unwrap(),
    specialties: shape.specialties.unwrap(),
    isActive: shape.isActive.unwrap(),
    isPreceptor: shape.isPreceptor.unwrap(),
  })
  .partial();
type InstructorChanges = z.output<typeof instructorUpdateSchema>;

/** An instructor is an account (contact details, lists, active flag) plus a profile row with the same id. */
const ACCOUNT_FIELDS = [
  'firstName',
  'lastName',
  'email',
  'phone',
  'certifications',
  'specialties',
  'isActive',
] as const;
type AccountField = (typeof ACCOUNT_FIELDS)[number];
const isAccountField = (key: string): key is AccountField => (ACCOUNT_FIELDS as readonly string[]).includes(key);

/** Splits form fields between the two rows; the department is kept on both. */
function split<F extends InstructorChanges>(fields: F) {
  const entries = Object.entries(fields);
  const user = Object.fromEntries(entries.filter(([k]) => isAccountField(k) || k === 'department'));
  const profile = Object.fromEntries(entries.filter(([k]) => !isAccountField(k)));
  return { user: user as Pick<F, AccountField | 'department'>, profile: profile as Omit<F, AccountField> };
}

const roleFor = (isPreceptor: boolean) => (isPreceptor ? 'preceptor' : 'instructor');

export const createInstructor = defineCommand({
  name: 'createInstructor',
  args: instructorCreateSchema,
  apply(ctx, { id, ...fields }) {
    assertCan(ctx.actor, 'instructors.create');
    assertEmailFree(ctx, fields.email);
    const { user, profile } = split(fields);
    const created = ctx.insert(t.users, { id, ...user, role: roleFor(fields.isPreceptor) });
    ctx.insert(t.instructors, { id: created.id, ...profile });
    return { id: created.id };
  },
});

export const updateInstructor = defineCommand({
  name: 'updateInstructor',
  args: updateOf(instructorUpdateSchema),
  apply(ctx, { id, changes }) {
    const manager = can(ctx.actor.role, 'instructors.create');
    if (!manager && id !== ctx.actor.id) throw forbidden();
    const profile = ctx.get(t.instructors, id, 'Instructor');
    const user = ctx.get(t.users, id, 'Instructor');
    const preceptorChanges = changes.isPreceptor !== undefined && changes.isPreceptor !== profile.isPreceptor;
    // the preceptor flag is a role, and switching oneself off would lock one out: both stay with managers
    if (!manager && preceptorChanges) throw forbidden(ERR.ownRoleChange);
    if (!manager && changes.isActive !== undefined && changes.isActive !== user.isActive) throw forbidden();
    if (changes.email !== undefined) assertEmailFree(ctx, changes.email, id);
    const patch = split(changes);
    const role = preceptorChanges && INSTRUCTOR_ROLES.has(user.role) ? roleFor(changes.isPreceptor!) : undefined;
    ctx.update(t.users, user, { ...patch.user, role });
    ctx.update(t.instructors, profile, patch.profile);
    return { id };
  },
});

export const instructorCommands = [createInstructor, updateInstructor];

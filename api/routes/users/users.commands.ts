import { and, eq, isNull, ne } from 'drizzle-orm';
import type { z } from 'zod';

import { endSessionsOf } from '#api/auth/sessions.ts';
import { type Actor, type CommandContext, defineCommand } from '#api/commands/command.ts';
import { conflict, forbidden, invalid } from '#api/http/errors.ts';
import { assertCan, can } from '#api/permissions/matrix.ts';
import { byId, updateOf } from '#schema/common.ts';
import { ERR, MSG } from '#schema/messages.ts';
import * as t from '#schema/tables.ts';
import { profileUpdateSchema, userCreateSchema } from '#schema/user.ts';

/** Accounts an instructor may delete; everyone else needs director or administration. */
const DELETABLE_BY_INSTRUCTORS = new Set(['instructor', 'preceptor']);
/** Roles an instructor profile carries: `preceptor` exactly when its isPreceptor flag is set. */
export const INSTRUCTOR_ROLES = new Set(['instructor', 'preceptor']);

/** E-mail addresses sign people in, so no two live accounts share one. */
export function assertEmailFree(ctx: CommandContext, email: string, exceptId?: string) {
  const clash = ctx.tx
    .select({ id: t.users.id })
    .from(t.users)
    .where(and(eq(t.users.email, email), isNull(t.users.deletedAt), exceptId ? ne(t.users.id, exceptId) : undefined))
    .get();
  if (clash) throw conflict(ERR.emailTaken, { email: ERR.emailTaken });
}

const liveMemberships = (ctx: CommandContext, userId: string) =>
  ctx.tx
    .select()
    .from(t.programMembers)
    .where(and(eq(t.programMembers.userId, userId), isNull(t.programMembers.deletedAt)))
    .all();

type UserCreateArgs = z.output<typeof userCreateSchema>;

function applyCreateUser(
  ctx: CommandContext,
  { password: _hashedByTheRoute, ...args }: UserCreateArgs,
  passwordHash: string | null,
) {
  assertCan(ctx.actor, 'users.create');
  assertEmailFree(ctx, args.email);
  return ctx.insert(t.users, { ...args, passwordHash });
}

/**
 * Reachable from every path that runs commands. Hashing a password takes Argon2's ~30 ms of CPU, too long for a
 * command (they run on the server's one thread, inside a transaction), so this one refuses a password.
 */
export const createUser = defineCommand({
  name: 'createUser',
  args: userCreateSchema,
  apply(ctx, args) {
    if (args.password) throw invalid({ password: ERR.passwordOnlyByUsersRoute });
    return applyCreateUser(ctx, args, null);
  },
});

/**
 * The same with the hash of the arguments' password, which POST /api/users makes off the main thread first. Built per
 * request and left out of `userCommands` (the registry the sync push draws on): a client never supplies a hash.
 */
export const createUserWithPassword = (passwordHash: string) =>
  defineCommand({
    name: 'createUser',
    args: userCreateSchema,
    apply: (ctx, args) => applyCreateUser(ctx, args, passwordHash),
  });

/** The profile form always sends the role; a request without one keeps it rather than demoting to the form's default. */
const profileChanges = profileUpdateSchema.extend({ role: profileUpdateSchema.shape.role.unwrap().optional() });
const profileArgs = updateOf(profileChanges);
type ProfileArgs = z.output<typeof profileArgs>;
type UserRow = typeof t.users.$inferSelect;

/** Whether an update changes the caller's own e-mail: that needs their current password (see updateProfileWithPassword). */
export const changesOwnEmail = (actor: Actor, user: UserRow, changes: ProfileArgs['changes']) =>
  user.id === actor.id && changes.email !== user.email;

function applyProfileUpdate(ctx: CommandContext, { id, changes }: ProfileArgs, passwordChecked: boolean) {
  const { currentPassword: _checkedByTheRoute, ...fields } = changes;
  const current = ctx.get(t.users, id, 'User');
  if (id !== ctx.actor.id) assertCan(ctx.actor, 'users.editOthers');
  const roleChanges = fields.role !== undefined && fields.role !== current.role;
  if (roleChanges && !can(ctx.actor.role, 'users.editOthers')) throw forbidden(ERR.ownRoleChange);
  // before the address is looked up, so that without the password nobody learns whether an account has it
  if (changesOwnEmail(ctx.actor, current, fields) && !passwordChecked)
    throw invalid({ currentPassword: MSG.currentPasswordRequired });
  assertEmailFree(ctx, fields.email, id);
  const updated = ctx.update(t.users, current, fields);
  if (roleChanges) roleChanged(ctx, updated);
  return updated;
}

/** Reachable from every path that runs commands; it cannot check a password (that is asynchronous), so it refuses a change of one's own e-mail. */
export const updateProfile = defineCommand({
  name: 'updateProfile',
  args: profileArgs,
  apply: (ctx, args) => applyProfileUpdate(ctx, args, false),
});

/**
 * The same update once PUT /api/users/:id has verified the caller's current password. Deliberately left out of
 * `userCommands` (the registry the sync push draws on): only that route can vouch for the check.
 */
export const updateProfileWithPassword = defineCommand({
  name: 'updateProfile',
  args: profileArgs,
  apply: (ctx, args) => applyProfileUpdate(ctx, args, true),
});

/**
 * What follows a change of a user's role, by hand or by an approved request. Their instructor profile's preceptor
 * flag moves with it, and their sessions end (but the caller's own, when a lead changes their own role): a session
 * open on another device, perhaps not theirs, must not carry on under a role it never signed in with. Signing in
 * again gives their next sync pull a full resync, since the sync view's epoch includes the role.
 */
export function roleChanged(ctx: CommandContext, user: UserRow) {
  keepPreceptorFlag(ctx, user);
  endSessionsOf(ctx.tx, user.id, ctx.actor.sessionId);
}

/** Moving an instructor profile's owner between instructor and preceptor moves its isPreceptor flag with it. */
function keepPreceptorFlag(ctx: CommandContext, user: UserRow) {
  const profile = ctx.find(t.instructors, user.id);
  if (profile && INSTRUCTOR_ROLES.has(user.role))
    ctx.update(t.instructors, profile, { isPreceptor: user.role === 'preceptor' });
}

/** Removes the account, its instructor profile and program memberships, and signs it out everywhere at once. */
export const deleteUser = defineCommand({
  name: 'deleteUser',
  args: byId,
  apply(ctx, { id }) {
    assertCan(ctx.actor, 'users.delete');
    const user = ctx.get(t.users, id, 'User');
    if (id === ctx.actor.id) throw conflict(ERR.deleteSelf);
    if (ctx.actor.role === 'instructor' && !DELETABLE_BY_INSTRUCTORS.has(user.role)) throw forbidden();
    const profile = ctx.find(t.instructors, id);
    if (profile) ctx.remove(t.instructors, profile);
    for (const m of liveMemberships(ctx, id)) ctx.remove(t.programMembers, m);
    ctx.remove(t.users, user);
    // sessions are server-only rows, never synced: a plain delete is what revokes them
    endSessionsOf(ctx.tx, id);
    return { id };
  },
});

export const userCommands = [createUser, updateProfile, deleteUser];

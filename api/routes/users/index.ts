import { and, asc, count, eq, isNull, or } from 'drizzle-orm';
import { Hono } from 'hono';

import { hashPassword, verifyPassword } from '#api/auth/password.ts';
import { parseArgs, runCommand } from '#api/commands/command.ts';
import { likeContains, likeEscaped } from '#api/db/like.ts';
import type { Q } from '#api/db/open.ts';
import { type Ctx, type Deps, type Env, publicUser, readJson, type UserRow } from '#api/http/context.ts';
import { AppError, invalid } from '#api/http/errors.ts';
import { keysOf, type List, listQuery, listResponse, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { argsBody, changesBody } from '#api/http/typed-body.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { ERR, MSG } from '#schema/messages.ts';
import { type UserListQuery, userListQuerySchema } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

import { EmailChangeLimit } from './email-change-limit.ts';
import { userAsSeenBy, userToApi } from './user-fields.ts';
import {
  changesOwnEmail,
  createUser,
  createUserWithPassword,
  deleteUser,
  updateProfile,
  updateProfileWithPassword,
} from './users.commands.ts';

/** Live accounts by last then first name, by role and by text in the name or e-mail, as `toApi` shows them. */
function userList<T>(q: Q, f: UserListQuery, toApi: (u: UserRow) => T): List<T> {
  const text = f.search && likeContains(f.search);
  const where = and(
    isNull(t.users.deletedAt),
    f.role ? eq(t.users.role, f.role) : undefined,
    text ? or(...[t.users.firstName, t.users.lastName, t.users.email].map((col) => likeEscaped(col, text))) : undefined,
  );
  const key = rowidOf(t.users);
  return {
    total: () => q.select({ n: count() }).from(t.users).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        q
          .select({ key })
          .from(t.users)
          .where(where)
          .orderBy(asc(t.users.lastName), asc(t.users.firstName), asc(t.users.id))
          .$dynamic(),
        page,
      ),
    rows: (keys) => rowsByKey(q, t.users, keys).map(toApi),
  };
}

export function userRoutes({ db }: Deps) {
  const emailChanges = new EmailChangeLimit();

  /**
   * The command for a profile update. Changing one's own e-mail needs the current password, verified here because
   * verifying is asynchronous and a command's apply is not; such attempts are limited per user (email-change-limit.ts).
   */
  async function profileCommand(c: Ctx, raw: unknown) {
    const actor = c.var.actor;
    const { id, changes } = parseArgs(updateProfile, raw);
    const user = db
      .select()
      .from(t.users)
      .where(and(eq(t.users.id, id), isNull(t.users.deletedAt)))
      .get();
    if (!user || !changesOwnEmail(actor, user, changes)) return updateProfile;
    const wait = emailChanges.take(actor.id);
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new AppError(429, ERR.tooManyEmailChanges);
    }
    if (!changes.currentPassword) return updateProfile;
    if (!(await verifyPassword(user.passwordHash, changes.currentPassword)))
      throw invalid({ currentPassword: MSG.currentPasswordWrong });
    return updateProfileWithPassword;
  }

  // chained, so the routes' types reach hono/client (UserRoutes)
  return (
    new Hono<Env>()
      .get('/users', (c) => {
        const query = listQuery(c, userListQuerySchema);
        const actor = c.var.actor;
        return listResponse(c, db, query, () => userList(db, query, (u) => userAsSeenBy(actor, u)));
      })

      /** A password is hashed before the command runs, on libuv's thread pool: the server's one thread never waits for Argon2. */
      .post('/users', argsBody(createUser), async (c) => {
        const raw = await readJson(c);
        const { password } = parseArgs(createUser, raw);
        assertCan(c.var.actor, 'users.create');
        const command = password ? createUserWithPassword(await hashPassword(password)) : createUser;
        return c.json(userToApi(runCommand(db, command, c.var.actor, raw)), 201);
      })

      .put('/users/:id', changesBody(updateProfile), async (c) => {
        const args = { id: c.req.param('id'), changes: await readJson(c) };
        const row = runCommand(db, await profileCommand(c, args), c.var.actor, args);
        return c.json(publicUser(row));
      })
      .delete('/users/:id', (c) => c.json(runCommand(db, deleteUser, c.var.actor, { id: c.req.param('id') })))
  );
}

export type UserRoutes = ReturnType<typeof userRoutes>;

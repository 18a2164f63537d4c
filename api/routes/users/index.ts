import { Hono } from 'hono';
import { asc, isNull } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import { runCommand } from '../../commands/command.ts';
import { publicUser, readJson, type Deps, type Env, type UserRow } from '../../http/context.ts';
import { can } from '../../permissions/matrix.ts';
import { createUser, deleteUser, updateProfile } from './users.commands.ts';

/** A user as staff read it; fields are picked one by one so the password hash can never slip out. */
export const userToApi = (u: UserRow) => ({
  id: u.id,
  email: u.email,
  firstName: u.firstName,
  lastName: u.lastName,
  role: u.role,
  phone: u.phone,
  department: u.department,
  certifications: u.certifications,
  specialties: u.specialties,
  isActive: u.isActive,
  profileImageUrl: u.profileImageUrl,
  createdAt: u.createdAt,
  updatedAt: u.updatedAt,
});

/** Students see who is who, not how to reach them. */
const nameAndRole = (u: UserRow) => ({ id: u.id, firstName: u.firstName, lastName: u.lastName, role: u.role });

export function userRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/users', (c) => {
    const rows = db.select().from(t.users).where(isNull(t.users.deletedAt))
      .orderBy(asc(t.users.lastName), asc(t.users.firstName)).all();
    return c.json(rows.map(can(c.var.actor.role, 'users.readContact') ? userToApi : nameAndRole));
  });

  app.post('/users', async (c) =>
    c.json(userToApi(runCommand(db, createUser, c.var.actor, await readJson(c))), 201));

  app.put('/users/:id', async (c) => {
    const row = runCommand(db, updateProfile, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) });
    return c.json(publicUser(row));
  });

  app.delete('/users/:id', (c) => c.json(runCommand(db, deleteUser, c.var.actor, { id: c.req.param('id') })));

  return app;
}

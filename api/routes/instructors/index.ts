import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { forbidden } from '#api/http/errors.ts';
import { argsBody, changesBody } from '#api/http/typed-body.ts';
import { can } from '#api/permissions/matrix.ts';

import { createInstructor, updateInstructor } from './instructors.commands.ts';
import { listInstructors } from './instructors.queries.ts';

/** Instructor profiles carry contact details, so only staff read them. Deleting one is DELETE /api/users/:id. */
export function instructorRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (InstructorRoutes)
  return new Hono<Env>()
    .get('/instructors', (c) => {
      if (!can(c.var.actor.role, 'users.readContact')) throw forbidden();
      return c.json(listInstructors(db));
    })
    .post('/instructors', argsBody(createInstructor), async (c) => {
      const { id } = runCommand(db, createInstructor, c.var.actor, await readJson(c));
      return c.json(listInstructors(db, id)[0], 201);
    })
    .on(['PATCH', 'PUT'], '/instructors/:id', changesBody(updateInstructor), async (c) => {
      const { id } = runCommand(db, updateInstructor, c.var.actor, {
        id: c.req.param('id'),
        changes: await readJson(c),
      });
      return c.json(listInstructors(db, id)[0]);
    });
}

export type InstructorRoutes = ReturnType<typeof instructorRoutes>;

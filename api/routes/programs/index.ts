import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import type { Db } from '#api/db/open.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { forbidden, invalid, notFound } from '#api/http/errors.ts';
import { argsBody, changesBody, jsonBody } from '#api/http/typed-body.ts';
import { can } from '#api/permissions/matrix.ts';
import { fieldErrors } from '#schema/common.ts';
import { type ProgramForm, programFromForm } from '#schema/program.ts';
import * as t from '#schema/tables.ts';

import {
  assignUserToProgram,
  createProgram,
  deleteProgram,
  removeUserFromProgram,
  setProgramRequirements,
  updateProgram,
} from './programs.commands.ts';
import { listMembers, listPrograms } from './programs.queries.ts';

function assertProgramExists(db: Db, id: string) {
  const found = db
    .select({ id: t.programs.id })
    .from(t.programs)
    .where(and(eq(t.programs.id, id), isNull(t.programs.deletedAt)))
    .get();
  if (!found) throw notFound('Program');
}

/** Every signed-in user reads the program list; only directors and administration change programs and assignments. */
export function programRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (ProgramRoutes)
  return (
    new Hono<Env>()
      .get('/programs', (c) => c.json(listPrograms(db)))

      // two spec forms post here with different shapes; both become the createProgram command's arguments
      .post('/programs', jsonBody<ProgramForm>(), async (c) => {
        const form = programFromForm(await readJson(c));
        if (!form.success) throw invalid(fieldErrors(form.error));
        const row = runCommand(db, createProgram, c.var.actor, form.data);
        return c.json(listPrograms(db, row.id)[0], 201);
      })

      .on(['PATCH', 'PUT'], '/programs/:id', changesBody(updateProgram), async (c) => {
        const row = runCommand(db, updateProgram, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) });
        return c.json(listPrograms(db, row.id)[0]);
      })

      .put('/programs/:id/requirements', argsBody(setProgramRequirements, 'programId'), async (c) => {
        const body = (await readJson(c)) as Record<string, unknown>;
        const row = runCommand(db, setProgramRequirements, c.var.actor, { ...body, programId: c.req.param('id') });
        return c.json({
          skillMinimums: row.skillMinimums,
          contactRules: row.contactRules,
          countedSignOffStates: row.countedSignOffStates,
        });
      })

      .delete('/programs/:id', (c) => c.json(runCommand(db, deleteProgram, c.var.actor, { id: c.req.param('id') })))

      // assignments list e-mail addresses, which students may not read
      .get('/programs/:id/users', (c) => {
        if (!can(c.var.actor.role, 'users.readContact')) throw forbidden();
        assertProgramExists(db, c.req.param('id'));
        return c.json(listMembers(db, c.req.param('id')));
      })

      .post('/programs/:id/users', argsBody(assignUserToProgram, 'programId'), async (c) => {
        const body = (await readJson(c)) as Record<string, unknown>;
        const programId = c.req.param('id');
        const row = runCommand(db, assignUserToProgram, c.var.actor, { ...body, programId });
        return c.json(listMembers(db, programId, row.id)[0], 201);
      })

      .delete('/programs/:id/users/:userId', (c) =>
        c.json(
          runCommand(db, removeUserFromProgram, c.var.actor, {
            programId: c.req.param('id'),
            userId: c.req.param('userId'),
          }),
        ),
      )
  );
}

export type ProgramRoutes = ReturnType<typeof programRoutes>;

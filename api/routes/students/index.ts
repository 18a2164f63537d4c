import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { studentNotFound, visibleStudentOr } from '#api/permissions/scope.ts';
import { studentListQuerySchema } from '#schema/paging.ts';

import { createStudent, deleteStudent, updateStudent } from './students.commands.ts';
import { studentList, studentWithSummary } from './students.queries.ts';

export function studentRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/students', (c) => {
    const query = listQuery(c, studentListQuerySchema);
    return listResponse(c, db, query, () => studentList(db, c.var.actor, query));
  });

  app.get('/students/:id', (c) => {
    return c.json(studentWithSummary(db, visibleStudentOr(db, c.var.actor, c.req.param('id'), studentNotFound)));
  });

  app.post('/students', async (c) => {
    const row = runCommand(db, createStudent, c.var.actor, await readJson(c));
    return c.json(studentWithSummary(db, row), 201);
  });

  app.on(['PATCH', 'PUT'], '/students/:id', async (c) => {
    const row = runCommand(db, updateStudent, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) });
    return c.json(studentWithSummary(db, row));
  });

  app.delete('/students/:id', (c) => c.json(runCommand(db, deleteStudent, c.var.actor, { id: c.req.param('id') })));

  return app;
}

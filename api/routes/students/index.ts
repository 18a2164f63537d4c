import { Hono } from 'hono';
import { eq } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import { runCommand } from '../../commands/command.ts';
import { notFound } from '../../http/errors.ts';
import { readJson, type Deps, type Env } from '../../http/context.ts';
import { listQuery, pageResponse } from '../../http/paging.ts';
import { studentListQuerySchema } from '../../../schema/paging.ts';
import { canSeeStudent } from '../../permissions/scope.ts';
import { createStudent, deleteStudent, updateStudent } from './students.commands.ts';
import { listStudents, studentWithSummary } from './students.queries.ts';

export function studentRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/students', (c) => {
    const query = listQuery(c, studentListQuerySchema);
    return pageResponse(c, db, () => listStudents(db, c.var.actor, query));
  });

  app.get('/students/:id', (c) => {
    const s = db.select().from(t.students).where(eq(t.students.id, c.req.param('id'))).get();
    if (!s || s.deletedAt || !canSeeStudent(db, c.var.actor, s)) throw notFound('Student');
    return c.json(studentWithSummary(db, s));
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

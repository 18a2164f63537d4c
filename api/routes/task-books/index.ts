/** The fire task book over REST: the same commands the sync push runs (api/domain/task-book/). */
import { type Context, Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import {
  certifyTaskBook,
  setTaskBookRules,
  signJpr,
  startTaskBook,
  verifyTaskBook,
} from '#api/domain/task-book/task-book.commands.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { taskBookListQuerySchema } from '#schema/paging.ts';

import { bookToApi, jprSignOffList, jprToApi, taskBookList } from './task-books.queries.ts';

/** The body's fields with the ids the path names, which stand over any the body gives. */
const withPath = async (c: Context, ids: Record<string, string>) => ({ ...((await readJson(c)) as object), ...ids });

export function taskBookRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/task-books', (c) => {
    const query = listQuery(c, taskBookListQuerySchema);
    return listResponse(c, db, query, () => taskBookList(db, c.var.actor, query));
  });

  app.get('/jpr-sign-offs', (c) => {
    const query = listQuery(c, taskBookListQuerySchema);
    return listResponse(c, db, query, () => jprSignOffList(db, c.var.actor, query));
  });

  app.post('/task-books', async (c) =>
    c.json(bookToApi(runCommand(db, startTaskBook, c.var.actor, await readJson(c))), 201),
  );

  app.post('/task-books/:id/jprs', async (c) => {
    const args = await withPath(c, { taskBookId: c.req.param('id') });
    return c.json(jprToApi(runCommand(db, signJpr, c.var.actor, args)), 201);
  });

  app.post('/task-books/:id/verify', async (c) => {
    const args = await withPath(c, { taskBookId: c.req.param('id') });
    return c.json(bookToApi(runCommand(db, verifyTaskBook, c.var.actor, args)));
  });

  app.post('/task-books/:id/certify', async (c) => {
    const args = await withPath(c, { taskBookId: c.req.param('id') });
    return c.json(bookToApi(runCommand(db, certifyTaskBook, c.var.actor, args)));
  });

  app.put('/programs/:id/task-book-rules', async (c) => {
    const args = await withPath(c, { programId: c.req.param('id') });
    const program = runCommand(db, setTaskBookRules, c.var.actor, args);
    return c.json({ programId: program.id, ...program.taskBookRules });
  });

  return app;
}

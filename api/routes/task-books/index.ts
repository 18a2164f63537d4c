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
import { argsBody } from '#api/http/typed-body.ts';
import { taskBookListQuerySchema } from '#schema/paging.ts';

import { bookToApi, jprSignOffList, jprToApi, taskBookList } from './task-books.queries.ts';

/** The body's fields with the ids the path names, which stand over any the body gives. */
const withPath = async (c: Context, ids: Record<string, string>) => ({ ...((await readJson(c)) as object), ...ids });

export function taskBookRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (TaskBookRoutes)
  return new Hono<Env>()
    .get('/task-books', (c) => {
      const query = listQuery(c, taskBookListQuerySchema);
      return listResponse(c, db, query, () => taskBookList(db, c.var.actor, query));
    })

    .get('/jpr-sign-offs', (c) => {
      const query = listQuery(c, taskBookListQuerySchema);
      return listResponse(c, db, query, () => jprSignOffList(db, c.var.actor, query));
    })

    .post('/task-books', argsBody(startTaskBook), async (c) =>
      c.json(bookToApi(runCommand(db, startTaskBook, c.var.actor, await readJson(c))), 201),
    )

    .post('/task-books/:id/jprs', argsBody(signJpr, 'taskBookId'), async (c) => {
      const args = await withPath(c, { taskBookId: c.req.param('id') });
      return c.json(jprToApi(runCommand(db, signJpr, c.var.actor, args)), 201);
    })

    .post('/task-books/:id/verify', argsBody(verifyTaskBook, 'taskBookId'), async (c) => {
      const args = await withPath(c, { taskBookId: c.req.param('id') });
      return c.json(bookToApi(runCommand(db, verifyTaskBook, c.var.actor, args)));
    })

    .post('/task-books/:id/certify', argsBody(certifyTaskBook, 'taskBookId'), async (c) => {
      const args = await withPath(c, { taskBookId: c.req.param('id') });
      return c.json(bookToApi(runCommand(db, certifyTaskBook, c.var.actor, args)));
    })

    .put('/programs/:id/task-book-rules', argsBody(setTaskBookRules, 'programId'), async (c) => {
      const args = await withPath(c, { programId: c.req.param('id') });
      const program = runCommand(db, setTaskBookRules, c.var.actor, args);
      return c.json({ programId: program.id, ...program.taskBookRules });
    });
}

export type TaskBookRoutes = ReturnType<typeof taskBookRoutes>;

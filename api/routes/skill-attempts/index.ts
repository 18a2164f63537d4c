import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { rowWhere } from '#api/db/rows.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { attemptListQuerySchema } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

import { logSkillAttempt, voidSkillAttempt } from './skill-attempts.commands.ts';
import { attemptList, attemptToApi, voidToApi } from './skill-attempts.queries.ts';

export function skillAttemptRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/skill-attempts', (c) => {
    const query = listQuery(c, attemptListQuerySchema);
    return listResponse(c, db, query, () => attemptList(db, c.var.actor, query));
  });

  app.post('/skill-attempts', async (c) => {
    const row = runCommand(db, logSkillAttempt, c.var.actor, await readJson(c));
    return c.json(attemptToApi(row, undefined), 201);
  });

  /** 201 with the new void; 200 with the standing one when the attempt was already voided (nothing changes). */
  app.post('/skill-attempts/:id/void', async (c) => {
    const body = await readJson(c);
    const attemptId = c.req.param('id');
    const standing = rowWhere(db, t.skillAttemptVoids, 'attempt_id = ?', attemptId);
    const row = runCommand(db, voidSkillAttempt, c.var.actor, { ...(body as object), attemptId });
    return c.json(voidToApi(row), standing ? 200 : 201);
  });

  return app;
}

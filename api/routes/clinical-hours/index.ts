import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { hoursListQuerySchema } from '#schema/paging.ts';

import { deleteClinicalHours, logClinicalHours } from './clinical-hours.commands.ts';
import { hoursForApi, hoursList } from './clinical-hours.queries.ts';

export function clinicalHoursRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/clinical-hours', (c) => {
    const query = listQuery(c, hoursListQuerySchema);
    return listResponse(c, db, query, () => hoursList(db, c.var.actor, query));
  });

  app.post('/clinical-hours', async (c) => {
    const row = runCommand(db, logClinicalHours, c.var.actor, await readJson(c));
    return c.json(hoursForApi(db, row), 201);
  });

  app.delete('/clinical-hours/:id', (c) =>
    c.json(runCommand(db, deleteClinicalHours, c.var.actor, { id: c.req.param('id'), reason: c.req.query('reason') })),
  );

  return app;
}

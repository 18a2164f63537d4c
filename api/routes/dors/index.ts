/**
 * Police Daily Observation Reports over REST: the list (the pull's rule), and a program's DOR settings, online only.
 * Reports are written through the sync push only (saveDor, signDor), as a device queues them in a patrol car.
 */
import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { argsBody } from '#api/http/typed-body.ts';
import { dorListQuerySchema } from '#schema/paging.ts';

import { setDorSettings } from './dors.commands.ts';
import { dorList } from './dors.queries.ts';

export function dorRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (DorRoutes)
  return new Hono<Env>()
    .get('/dors', (c) => {
      const query = listQuery(c, dorListQuerySchema);
      return listResponse(c, db, query, () => dorList(db, c.var.actor, query));
    })

    .put('/programs/:id/dor-settings', argsBody(setDorSettings, 'programId'), async (c) => {
      const body = (await readJson(c)) as Record<string, unknown>;
      const program = runCommand(db, setDorSettings, c.var.actor, { ...body, programId: c.req.param('id') });
      return c.json({ dorCategories: program.dorCategories, dorPhaseRules: program.dorPhaseRules });
    });
}

export type DorRoutes = ReturnType<typeof dorRoutes>;

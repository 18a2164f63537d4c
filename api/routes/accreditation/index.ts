import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { invalid } from '#api/http/errors.ts';
import { changesBody } from '#api/http/typed-body.ts';

import { updateRamAssessment, updateRequirement } from './accreditation.commands.ts';
import { assertStaff, listRam, listRequirements, ramToApi, requirementView } from './accreditation.queries.ts';

function yearParam(raw: string | undefined): number {
  if (raw === undefined || raw === '') return new Date().getFullYear();
  if (!/^\d{4}$/.test(raw.trim())) throw invalid({ year: 'Year must be a four-digit number' });
  return Number(raw);
}

export function accreditationRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (AccreditationRoutes)
  return new Hono<Env>()
    .get('/accreditation/requirements', (c) => {
      assertStaff(c.var.actor);
      return c.json(listRequirements(db, c.var.actor));
    })

    .on(['PATCH', 'PUT'], '/accreditation/requirements/:id', changesBody(updateRequirement), async (c) => {
      const row = runCommand(db, updateRequirement, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) });
      return c.json(requirementView(db, row));
    })

    .get('/ram/assessments', (c) => {
      assertStaff(c.var.actor);
      return c.json(listRam(db, c.var.actor, yearParam(c.req.query('year'))));
    })

    .on(['PATCH', 'PUT'], '/ram/assessments/:id', changesBody(updateRamAssessment), async (c) => {
      const row = runCommand(db, updateRamAssessment, c.var.actor, {
        id: c.req.param('id'),
        changes: await readJson(c),
      });
      return c.json(ramToApi(row));
    });
}

export type AccreditationRoutes = ReturnType<typeof accreditationRoutes>;

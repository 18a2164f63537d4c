import { and, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { notFound } from '#api/http/errors.ts';
import { argsBody, changesBody, jsonBody } from '#api/http/typed-body.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import * as t from '#schema/tables.ts';

import {
  addSiteEmail,
  createClinicalSite,
  deleteClinicalSite,
  removeSiteEmail,
  updateClinicalSite,
} from './clinical-sites.commands.ts';
import { type SiteForm, siteFromForm } from './clinical-sites.forms.ts';
import { emailToApi, listSiteEmails, listSites, siteForApi } from './clinical-sites.queries.ts';

/** Site contact addresses are for staff who write to sites, not for students. */
const staffOnly = createMiddleware<Env>(async (c, next) => {
  assertCan(c.var.actor, 'staff.read');
  await next();
});

export function clinicalSiteRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (ClinicalSiteRoutes)
  return new Hono<Env>()
    .get('/clinical-sites', (c) => c.json(listSites(db, c.var.actor)))

    .post('/clinical-sites', jsonBody<SiteForm>(), async (c) => {
      const row = runCommand(db, createClinicalSite, c.var.actor, siteFromForm(await readJson(c)));
      return c.json(siteForApi(db, c.var.actor, row), 201);
    })

    .on(['PATCH', 'PUT'], '/clinical-sites/:id', changesBody(updateClinicalSite), async (c) => {
      const row = runCommand(db, updateClinicalSite, c.var.actor, {
        id: c.req.param('id'),
        changes: await readJson(c),
      });
      return c.json(siteForApi(db, c.var.actor, row));
    })

    .delete('/clinical-sites/:id', (c) =>
      c.json(runCommand(db, deleteClinicalSite, c.var.actor, { id: c.req.param('id') })),
    )

    .get('/site-emails', staffOnly, (c) => c.json(listSiteEmails(db)))

    .get('/clinical-sites/:id/emails', staffOnly, (c) => {
      const id = c.req.param('id');
      const site = db
        .select({ id: t.clinicalSites.id })
        .from(t.clinicalSites)
        .where(and(eq(t.clinicalSites.id, id), isNull(t.clinicalSites.deletedAt)))
        .get();
      if (!site) throw notFound('Clinical site');
      return c.json(listSiteEmails(db, id));
    })

    .post('/clinical-sites/:id/emails', argsBody(addSiteEmail, 'clinicalSiteId'), async (c) => {
      const body = await readJson(c);
      const fields = body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
      const row = runCommand(db, addSiteEmail, c.var.actor, {
        ...fields,
        clinicalSiteId: fields.clinicalSiteId ?? c.req.param('id'),
      });
      return c.json(emailToApi(row), 201);
    })

    .delete('/clinical-sites/:id/emails/:emailId', (c) =>
      c.json(
        runCommand(db, removeSiteEmail, c.var.actor, { id: c.req.param('emailId'), clinicalSiteId: c.req.param('id') }),
      ),
    );
}

export type ClinicalSiteRoutes = ReturnType<typeof clinicalSiteRoutes>;

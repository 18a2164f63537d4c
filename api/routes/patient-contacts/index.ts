import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { contactListQuerySchema } from '#schema/paging.ts';

import { deletePatientContact, logPatientContact } from './patient-contacts.commands.ts';
import { contactList, contactToApi } from './patient-contacts.queries.ts';

export function patientContactRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/patient-contacts', (c) => {
    const query = listQuery(c, contactListQuerySchema);
    return listResponse(c, db, query, () => contactList(db, c.var.actor, query));
  });

  app.post('/patient-contacts', async (c) => {
    const row = runCommand(db, logPatientContact, c.var.actor, await readJson(c));
    return c.json(contactToApi(row), 201);
  });

  app.delete('/patient-contacts/:id', (c) =>
    c.json(runCommand(db, deletePatientContact, c.var.actor, { id: c.req.param('id'), reason: c.req.query('reason') })),
  );

  return app;
}

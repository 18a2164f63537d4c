import { Hono } from 'hono';
import type { z } from 'zod';

import { type Command, runCommand } from '#api/commands/command.ts';
import { type Ctx, type Deps, type Env, readJson } from '#api/http/context.ts';
import { notFound } from '#api/http/errors.ts';
import { arrayList, listQuery, listResponse } from '#api/http/paging.ts';
import { argsBody } from '#api/http/typed-body.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { REQUEST_KINDS, type RequestKind } from '#schema/enums.ts';
import { requestListQuerySchema } from '#schema/paging.ts';
import type * as t from '#schema/tables.ts';

import {
  approveRequest,
  deleteRequest,
  denyRequest,
  fileClinicalTimeRequest,
  filePreceptorRequest,
  fileProgramJoinRequest,
  fileRoleChangeRequest,
  fileSitePreceptorRequest,
  reviewSitePreceptorRequest,
} from './requests.commands.ts';
import { listRequests, listSitePreceptorRequests, requestView, sitePreceptorView } from './requests.queries.ts';

type RequestCommand = Command<z.ZodType, typeof t.requests.$inferSelect>;

const FILE_COMMANDS: Record<RequestKind, RequestCommand> = {
  'program-join': fileProgramJoinRequest,
  'role-change': fileRoleChangeRequest,
  preceptor: filePreceptorRequest,
  'clinical-time': fileClinicalTimeRequest,
};

function requestKind(kind: string): RequestKind {
  if (!(REQUEST_KINDS as readonly string[]).includes(kind)) throw notFound('Request');
  return kind as RequestKind;
}

/** The JSON body with the path's ids, which win over anything the body says. */
const withPath = (body: unknown, path: Record<string, string>) => ({
  ...(body && typeof body === 'object' ? body : {}),
  ...path,
});

export function requestRoutes({ db }: Deps) {
  const decided = (c: Ctx, command: RequestCommand, args: unknown) =>
    c.json(requestView(db, runCommand(db, command, c.var.actor, args), c.var.actor));

  // chained, so the routes' types reach hono/client (RequestRoutes)
  return (
    new Hono<Env>()
      .get('/requests/:kind', (c) => {
        const kind = requestKind(c.req.param('kind'));
        const query = listQuery(c, requestListQuerySchema);
        return listResponse(c, db, query, () =>
          arrayList(listRequests(db, c.var.actor, kind).filter((r) => !query.status || r.status === query.status)),
        );
      })

      .post('/requests/:kind', async (c) => {
        const command = FILE_COMMANDS[requestKind(c.req.param('kind'))];
        const row = runCommand(db, command, c.var.actor, await readJson(c));
        return c.json(requestView(db, row, c.var.actor), 201);
      })

      // a denial needs a reason and an approval does not, so each decision has its own command and arguments
      .post('/requests/:kind/:id/approve', argsBody(approveRequest, 'kind', 'id'), async (c) =>
        decided(c, approveRequest, withPath(await readJson(c), { kind: c.req.param('kind'), id: c.req.param('id') })),
      )
      .post('/requests/:kind/:id/deny', argsBody(denyRequest, 'kind', 'id'), async (c) =>
        decided(c, denyRequest, withPath(await readJson(c), { kind: c.req.param('kind'), id: c.req.param('id') })),
      )

      .delete('/requests/:kind/:id', (c) =>
        c.json(runCommand(db, deleteRequest, c.var.actor, { kind: c.req.param('kind'), id: c.req.param('id') })),
      )

      .get('/preceptor-requests', (c) => {
        assertCan(c.var.actor, 'preceptorRequests.review');
        return c.json(listSitePreceptorRequests(db));
      })

      .post('/preceptor-requests', argsBody(fileSitePreceptorRequest), async (c) => {
        const row = runCommand(db, fileSitePreceptorRequest, c.var.actor, await readJson(c));
        return c.json(sitePreceptorView(db, row), 201);
      })

      .post('/preceptor-requests/:id/review', argsBody(reviewSitePreceptorRequest, 'id'), async (c) => {
        const args = withPath(await readJson(c), { id: c.req.param('id') });
        return c.json(sitePreceptorView(db, runCommand(db, reviewSitePreceptorRequest, c.var.actor, args)));
      })
  );
}

export type RequestRoutes = ReturnType<typeof requestRoutes>;

import { type Context, Hono } from 'hono';
import type { z } from 'zod';

import type { Command } from '#api/commands/command.ts';
import { COMMANDS } from '#api/commands/registry.ts';
import { TransientError } from '#api/db/transient.ts';
import { dataVersion } from '#api/db/version-cache.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { AppError, invalid } from '#api/http/errors.ts';
import { takingTurns } from '#api/limits/turns.ts';
import type { ApiContracts } from '#api/openapi/document.ts';
import { fieldErrors } from '#schema/common.ts';

import {
  PROTOCOL_VERSION,
  pullRequestSchema,
  pullResponseSchema,
  pushRequestSchema,
  pushResponseSchema,
  VERSION_NOT_SUPPORTED,
} from '../protocol.ts';
import { handlePull } from './pull.ts';
import { handlePush } from './push.ts';

/** A body of another protocol version answers VersionNotSupported, so an old client knows to update. */
async function parse<S extends z.ZodType>(c: Context, schema: S, versionKey: string): Promise<z.output<S>> {
  const body = await readJson(c);
  const version = (body as Record<string, unknown> | null)?.[versionKey];
  if (typeof version === 'number' && version !== PROTOCOL_VERSION) throw new AppError(400, VERSION_NOT_SUPPORTED);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

/**
 * What a push may run: the offline mutations only. Any other command (creating users, reviewing requests, recording
 * an uploaded file) answers as an unknown mutation, since its REST route is where its permissions and inputs belong.
 */
export const OFFLINE_COMMANDS: ReadonlyMap<string, Command> = new Map(
  [...COMMANDS].filter(([, command]) => command.offline),
);

export function syncRoutes(deps: Deps) {
  const { db } = deps;
  const app = new Hono<Env>();
  app.post('/sync/push', async (c) => {
    const req = await parse(c, pushRequestSchema, 'pushVersion');
    try {
      const answer = handlePush(db, c.var.actor, req, OFFLINE_COMMANDS);
      for (const name of new Set(req.mutations.map((m) => m.name))) OFFLINE_COMMANDS.get(name)?.afterCommit?.(deps);
      return c.json(answer);
    } catch (e) {
      if (e instanceof TransientError) return c.json({ error: e.message }, 503);
      throw e;
    }
  });
  const pullTurn = takingTurns();
  app.post('/sync/pull', async (c) => {
    const req = await parse(c, pullRequestSchema, 'pullVersion');
    const answer = () => JSON.stringify(handlePull(db, c.var.actor, req));
    // a device up to date (most pulls) costs a lookup and is answered at once; a page, or changes, waits its turn
    const upToDate = req.cookie && !req.cookie.snapshot && req.cookie.version === dataVersion(db);
    // written out in its turn too: a page of rows takes about as long to serialise as to read
    const body = upToDate ? answer() : await pullTurn(answer);
    return c.body(body, 200, { 'content-type': 'application/json' });
  });
  return app;
}

/** The sync routes' requests and answers for the OpenAPI document (api/openapi/ may not import the wire format). */
export const SYNC_CONTRACTS: ApiContracts = {
  bodies: {
    'POST /api/sync/push': { schema: pushRequestSchema, fromPath: [] },
    'POST /api/sync/pull': { schema: pullRequestSchema, fromPath: [] },
  },
  answers: {
    'POST /api/sync/push': { 200: pushResponseSchema },
    'POST /api/sync/pull': { 200: pullResponseSchema },
  },
};

import { Hono, type Context } from 'hono';
import type { z } from 'zod';
import { fieldErrors } from '../../schema/common.ts';
import { COMMANDS } from '../../api/commands/registry.ts';
import { AppError, invalid } from '../../api/http/errors.ts';
import { readJson, type Deps, type Env } from '../../api/http/context.ts';
import { PROTOCOL_VERSION, VERSION_NOT_SUPPORTED, pullRequestSchema, pushRequestSchema } from '../protocol.ts';
import { handlePull } from './pull.ts';
import { handlePush } from './push.ts';
import { TransientError } from './transient.ts';

/** A body of another protocol version answers VersionNotSupported, so an old client knows to update. */
async function parse<S extends z.ZodType>(c: Context, schema: S, versionKey: string): Promise<z.output<S>> {
  const body = await readJson(c);
  const version = (body as Record<string, unknown> | null)?.[versionKey];
  if (typeof version === 'number' && version !== PROTOCOL_VERSION) throw new AppError(400, VERSION_NOT_SUPPORTED);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  return parsed.data;
}

export function syncRoutes({ db }: Deps, commands = COMMANDS) {
  const app = new Hono<Env>();
  app.post('/sync/push', async (c) => {
    const req = await parse(c, pushRequestSchema, 'pushVersion');
    try {
      return c.json(handlePush(db, c.var.actor, req, commands));
    } catch (e) {
      if (e instanceof TransientError) return c.json({ error: e.message }, 503);
      throw e;
    }
  });
  app.post('/sync/pull', async (c) => c.json(handlePull(db, c.var.actor, await parse(c, pullRequestSchema, 'pullVersion'))));
  return app;
}

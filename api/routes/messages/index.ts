import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { listQuery, listResponse } from '#api/http/paging.ts';
import { messageListQuerySchema } from '#schema/paging.ts';

import { markMessageRead, sendMessage, updateMessageFlags } from './messages.commands.ts';
import { messageList, messageView } from './messages.queries.ts';

export function messageRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  app.get('/messages', (c) => {
    const query = listQuery(c, messageListQuerySchema);
    return listResponse(c, db, query, () => messageList(db, c.var.actor, query));
  });

  app.post('/messages', async (c) => {
    const row = runCommand(db, sendMessage, c.var.actor, await readJson(c));
    return c.json(messageView(db, row, c.var.actor.id), 201);
  });

  app.post('/messages/:id/read', (c) => {
    const row = runCommand(db, markMessageRead, c.var.actor, { id: c.req.param('id') });
    return c.json(messageView(db, row, c.var.actor.id));
  });

  app.on(['PATCH', 'PUT'], '/messages/:id', async (c) => {
    const row = runCommand(db, updateMessageFlags, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) });
    return c.json(messageView(db, row, c.var.actor.id));
  });

  app.delete('/messages/:id', (c) => {
    runCommand(db, updateMessageFlags, c.var.actor, { id: c.req.param('id'), changes: { isDeleted: true } });
    return c.json({ id: c.req.param('id') });
  });

  return app;
}

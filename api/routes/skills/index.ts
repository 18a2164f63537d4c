import { and, asc, eq, isNull } from 'drizzle-orm';
import { Hono } from 'hono';

import { runCommand } from '#api/commands/command.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { argsBody, changesBody } from '#api/http/typed-body.ts';
import * as t from '#schema/tables.ts';

import { createSkill, deleteSkill, updateSkill } from './skills.commands.ts';

type SkillRow = typeof t.skills.$inferSelect;
const skillToApi = ({ deletedAt: _d, ...s }: SkillRow) => s;

/** The standards catalogue is readable by every signed-in user; only directors and administration edit it. */
export function skillRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (SkillRoutes)
  return new Hono<Env>()
    .get('/skills', (c) => {
      const programType = c.req.query('programType');
      const level = c.req.query('certificationLevel');
      const rows = db
        .select()
        .from(t.skills)
        .where(
          and(
            isNull(t.skills.deletedAt),
            programType ? eq(t.skills.programType, programType) : undefined,
            level ? eq(t.skills.certificationLevel, level) : undefined,
          ),
        )
        .orderBy(asc(t.skills.programType), asc(t.skills.certificationLevel), asc(t.skills.code))
        .all();
      return c.json(rows.map(skillToApi));
    })
    .post('/skills', argsBody(createSkill), async (c) =>
      c.json(skillToApi(runCommand(db, createSkill, c.var.actor, await readJson(c))), 201),
    )
    .on(['PATCH', 'PUT'], '/skills/:id', changesBody(updateSkill), async (c) =>
      c.json(
        skillToApi(runCommand(db, updateSkill, c.var.actor, { id: c.req.param('id'), changes: await readJson(c) })),
      ),
    )
    .delete('/skills/:id', (c) => c.json(runCommand(db, deleteSkill, c.var.actor, { id: c.req.param('id') })));
}

export type SkillRoutes = ReturnType<typeof skillRoutes>;

import { Hono } from 'hono';
import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import { progressListQuerySchema, type ProgressListQuery } from '../../../schema/paging.ts';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import { runCommand } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { readJson, type Deps, type Env } from '../../http/context.ts';
import { listQuery, pageResponse } from '../../http/paging.ts';
import { visibleStudentsWhere } from '../../permissions/scope.ts';
import { recordSkillProgress } from './student-skills.commands.ts';

type ProgressRow = typeof t.studentSkills.$inferSelect;
export const progressToApi = ({ deletedAt: _d, ...row }: ProgressRow) => row;

/** One page of the progress rows of the students the actor may see, filtered by student, program type, skill or status. */
export function listProgress(q: Q, actor: Actor, f: ProgressListQuery): { rows: ReturnType<typeof progressToApi>[]; total: number } {
  const where = and(
    isNull(t.studentSkills.deletedAt), isNull(t.students.deletedAt), visibleStudentsWhere(q, actor),
    f.studentId ? eq(t.studentSkills.studentId, f.studentId) : undefined,
    f.skillId ? eq(t.studentSkills.skillId, f.skillId) : undefined,
    f.status ? eq(t.studentSkills.status, f.status) : undefined,
    f.programType
      ? inArray(t.studentSkills.skillId, sql`(select ${t.skills.id} from ${t.skills} where ${t.skills.programType} = ${f.programType})`)
      : undefined,
  );
  const total = q.select({ n: count() }).from(t.studentSkills).innerJoin(t.students, eq(t.students.id, t.studentSkills.studentId))
    .where(where).get()!.n;
  const rows = q.select({ row: t.studentSkills }).from(t.studentSkills).innerJoin(t.students, eq(t.students.id, t.studentSkills.studentId))
    .where(where).orderBy(t.studentSkills.studentId, t.studentSkills.skillId).limit(f.limit).offset(f.offset).all();
  return { rows: rows.map(({ row }) => progressToApi(row)), total };
}

export function studentSkillRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  app.get('/student-skills', (c) => {
    const query = listQuery(c, progressListQuerySchema);
    return pageResponse(c, db, () => listProgress(db, c.var.actor, query));
  });
  app.get('/student-skills/ems', (c) => {
    const query = { ...listQuery(c, progressListQuerySchema), programType: 'ems' };
    return pageResponse(c, db, () => listProgress(db, c.var.actor, query));
  });
  app.post('/student-skills', async (c) => {
    const row = runCommand(db, recordSkillProgress, c.var.actor, await readJson(c));
    return c.json(progressToApi(row), 201);
  });
  return app;
}

import { and, count, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { SelectedFields } from 'drizzle-orm/sqlite-core';
import { Hono } from 'hono';

import type { Actor } from '#api/commands/command.ts';
import { runCommand } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { type Deps, type Env, readJson } from '#api/http/context.ts';
import { keysOf, type List, listQuery, listResponse, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { argsBody, typedQuery } from '#api/http/typed-body.ts';
import { visibleWhere } from '#api/permissions/visibility.ts';
import type { ProgressAnswer } from '#schema/api-answers.ts';
import { type ProgressListQuery, progressListQuerySchema } from '#schema/paging.ts';
import { assessmentHistoryQuerySchema } from '#schema/skill-attempt.ts';
import * as t from '#schema/tables.ts';

import { assessmentHistory } from './assessment-history.ts';
import { recordSkillProgress } from './student-skills.commands.ts';

type ProgressRow = typeof t.studentSkills.$inferSelect;
export const progressToApi = ({ deletedAt: _d, ...row }: ProgressRow): ProgressAnswer => row;

/** The progress rows of the students the actor may see, filtered by student, program type, skill or status. */
function progressList(q: Q, actor: Actor, f: ProgressListQuery): List<ReturnType<typeof progressToApi>> {
  const where = and(
    isNull(t.studentSkills.deletedAt),
    visibleWhere.studentSkills(q, actor),
    f.studentId ? eq(t.studentSkills.studentId, f.studentId) : undefined,
    f.skillId ? eq(t.studentSkills.skillId, f.skillId) : undefined,
    f.status ? eq(t.studentSkills.status, f.status) : undefined,
    f.programType
      ? inArray(
          t.studentSkills.skillId,
          sql`(select ${t.skills.id} from ${t.skills} where ${t.skills.programType} = ${f.programType})`,
        )
      : undefined,
  );
  const key = rowidOf(t.studentSkills);
  const joined = <S extends SelectedFields>(fields: S) => q.select(fields).from(t.studentSkills);
  return {
    total: () => joined({ n: count() }).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        joined({ key }).where(where).orderBy(t.studentSkills.studentId, t.studentSkills.skillId).$dynamic(),
        page,
      ),
    rows: (keys) => rowsByKey(q, t.studentSkills, keys).map(progressToApi),
  };
}

export function studentSkillRoutes({ db }: Deps) {
  // chained, so the routes' types reach hono/client (StudentSkillRoutes)
  return new Hono<Env>()
    .get('/student-skills', (c) => {
      const query = listQuery(c, progressListQuerySchema);
      return listResponse(c, db, query, () => progressList(db, c.var.actor, query));
    })
    .get('/student-skills/ems', (c) => {
      const query = { ...listQuery(c, progressListQuerySchema), programType: 'ems' };
      return listResponse(c, db, query, () => progressList(db, c.var.actor, query));
    })
    .get('/student-skills/history', typedQuery(assessmentHistoryQuerySchema), (c) => {
      const { studentId, skillId } = listQuery(c, assessmentHistoryQuerySchema);
      return c.json(assessmentHistory(db, c.var.actor, studentId, skillId));
    })
    .post('/student-skills', argsBody(recordSkillProgress), async (c) => {
      const row = runCommand(db, recordSkillProgress, c.var.actor, await readJson(c));
      return c.json(progressToApi(row), 201);
    });
}

export type StudentSkillRoutes = ReturnType<typeof studentSkillRoutes>;

import { Hono } from 'hono';
import { and, inArray, isNull } from 'drizzle-orm';
import * as t from '../../../schema/tables.ts';
import type { Actor } from '../../commands/command.ts';
import { runCommand } from '../../commands/command.ts';
import type { Q } from '../../db/open.ts';
import { readJson, type Deps, type Env } from '../../http/context.ts';
import { visibleStudents } from '../../permissions/scope.ts';
import { chunks } from '../../domain/student-summary.ts';
import { recordSkillProgress } from './student-skills.commands.ts';

type ProgressRow = typeof t.studentSkills.$inferSelect;
export const progressToApi = ({ deletedAt: _d, ...row }: ProgressRow) => row;

/** Progress rows of the students the actor may see, optionally of one student or one program type. */
export function listProgress(q: Q, actor: Actor, filter: { studentId?: string; programType?: string }) {
  const students = visibleStudents(q, actor, q.select().from(t.students).where(isNull(t.students.deletedAt)).all())
    .filter((s) => !filter.studentId || s.id === filter.studentId);
  if (students.length === 0) return [];
  const skillIds = filter.programType
    ? new Set(q.select({ id: t.skills.id, type: t.skills.programType }).from(t.skills).all()
      .filter((s) => s.type === filter.programType).map((s) => s.id))
    : null;
  const rows: ProgressRow[] = [];
  for (const ids of chunks(students.map((s) => s.id))) {
    rows.push(...q.select().from(t.studentSkills)
      .where(and(inArray(t.studentSkills.studentId, ids), isNull(t.studentSkills.deletedAt))).all());
  }
  return rows.filter((r) => !skillIds || skillIds.has(r.skillId)).map(progressToApi);
}

export function studentSkillRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  app.get('/student-skills', (c) =>
    c.json(listProgress(db, c.var.actor, { studentId: c.req.query('studentId'), programType: c.req.query('programType') })));
  app.get('/student-skills/ems', (c) =>
    c.json(listProgress(db, c.var.actor, { studentId: c.req.query('studentId'), programType: 'ems' })));
  app.post('/student-skills', async (c) => {
    const row = runCommand(db, recordSkillProgress, c.var.actor, await readJson(c));
    return c.json(progressToApi(row), 201);
  });
  return app;
}

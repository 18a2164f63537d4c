import { Hono } from 'hono';

import { smcOfStudent, smcOfVisibleStudents } from '#api/domain/smc/student-smc.ts';
import type { Deps, Env } from '#api/http/context.ts';
import { keptResponse } from '#api/http/kept-response.ts';
import { studentNotFound, visibleStudentOr } from '#api/permissions/scope.ts';

/**
 * The SMC figures (schema/smc.ts) as JSON: one student's (the student themselves, staff of their program, roles that
 * see every program), and every visible EMS student's for the cohort summary. Both read only the caller's scope.
 */
export function smcRoutes({ db }: Deps) {
  const app = new Hono<Env>();

  app.get('/students/:id/smc', (c) => {
    const student = visibleStudentOr(db, c.var.actor, c.req.param('id'), studentNotFound);
    return keptResponse(c, db, student.id, () => ({ json: smcOfStudent(db, student) }));
  });

  app.get('/reports/smc', (c) => {
    // compared with the visible students' programs only, so any text is safe here
    const programId = c.req.query('programId') || undefined;
    return keptResponse(c, db, programId ?? null, () => ({ json: smcOfVisibleStudents(db, c.var.actor, programId) }));
  });

  return app;
}

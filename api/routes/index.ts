import { Hono } from 'hono';

import type { Deps, Env } from '../http/context.ts';
import { accreditationRoutes } from './accreditation/index.ts';
import { annualReportRoutes } from './annual-report/index.ts';
import { auditRoutes } from './audit/index.ts';
import { calendarSettingsRoutes } from './calendar/index.ts';
import { clinicalHoursRoutes } from './clinical-hours/index.ts';
import { clinicalSiteRoutes } from './clinical-sites/index.ts';
import { dashboardRoutes } from './dashboard/index.ts';
import { documentRoutes } from './documents/index.ts';
import { dorRoutes } from './dors/index.ts';
import { exportRoutes } from './exports/index.ts';
import { importRoutes } from './imports/index.ts';
import { instructorRoutes } from './instructors/index.ts';
import { messageRoutes } from './messages/index.ts';
import { patientContactRoutes } from './patient-contacts/index.ts';
import { portfolioRoutes } from './portfolios/index.ts';
import { programRoutes } from './programs/index.ts';
import { reportRoutes } from './reports/index.ts';
import { requestRoutes } from './requests/index.ts';
import { shiftRoutes } from './shifts/index.ts';
import { signOffRoutes } from './sign-offs/index.ts';
import { skillAttemptRoutes } from './skill-attempts/index.ts';
import { skillRoutes } from './skills/index.ts';
import { smcRoutes } from './smc/index.ts';
import { studentSkillRoutes } from './student-skills/index.ts';
import { studentRoutes } from './students/index.ts';
import { taskBookRoutes } from './task-books/index.ts';
import { userRoutes } from './users/index.ts';

/** Every signed-in /api route, one module per resource. */
export function apiRoutes(deps: Deps) {
  const app = new Hono<Env>();
  for (const routes of [
    userRoutes,
    instructorRoutes,
    programRoutes,
    studentRoutes,
    skillRoutes,
    studentSkillRoutes,
    skillAttemptRoutes,
    patientContactRoutes,
    signOffRoutes,
    clinicalSiteRoutes,
    clinicalHoursRoutes,
    documentRoutes,
    messageRoutes,
    requestRoutes,
    accreditationRoutes,
    dashboardRoutes,
    reportRoutes,
    smcRoutes,
    annualReportRoutes,
    portfolioRoutes,
    auditRoutes,
    importRoutes,
    shiftRoutes,
    dorRoutes,
    taskBookRoutes,
    calendarSettingsRoutes,
    exportRoutes,
  ]) {
    app.route('/', routes(deps));
  }
  return app;
}

import { Hono } from 'hono';
import { localDay } from '../../../schema/reports.ts';
import type { Deps, Env } from '../../http/context.ts';
import { complianceByStandard, complianceSummary } from './compliance-report.ts';
import { graduationStats } from './graduation-report.ts';
import { programSummaries } from './progress-report.ts';
import { complianceRecordsFor, graduationFor, progressReportsFor, progressTrendFor } from './reports.queries.ts';

/** Report figures computed from the records, each call for the day it is made, in the caller's scope. */
export function reportRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  const today = () => localDay(new Date());

  app.get('/reports/progress', (c) => c.json(progressReportsFor(db, c.var.actor, today())));
  app.get('/reports/program-summaries', (c) => c.json(programSummaries(progressReportsFor(db, c.var.actor, today()))));
  app.get('/reports/progress-trend', (c) => c.json(progressTrendFor(db, c.var.actor, today())));
  app.get('/reports/graduation', (c) => c.json(graduationFor(db, c.var.actor, today()).candidates));
  app.get('/reports/graduation-stats', (c) => {
    const day = today();
    const { students, candidates } = graduationFor(db, c.var.actor, day);
    return c.json(graduationStats(candidates, students, day));
  });
  app.get('/reports/compliance', (c) => c.json(complianceRecordsFor(db, c.var.actor, today())));
  app.get('/reports/compliance-summary', (c) => c.json(complianceSummary(complianceRecordsFor(db, c.var.actor, today()))));
  app.get('/reports/compliance-by-standard', (c) => c.json(complianceByStandard(complianceRecordsFor(db, c.var.actor, today()))));

  return app;
}

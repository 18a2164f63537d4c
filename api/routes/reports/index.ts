import { Hono } from 'hono';
import { localDay } from '../../../schema/dates.ts';
import type { Actor } from '../../commands/command.ts';
import type { Deps, Env } from '../../http/context.ts';
import { dailyResponse } from '../../http/kept-response.ts';
import { complianceByStandard, complianceSummary } from './compliance-report.ts';
import { graduationStats } from './graduation-report.ts';
import { programSummaries } from './progress-report.ts';
import { complianceRecordsFor, graduationFor, progressReportsFor, progressTrendFor } from './reports.queries.ts';

/** Report figures computed from the records, each call for the day it is made, in the caller's scope. */
export function reportRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  const today = () => localDay(new Date());

  /** Each report is computed for the day of the request and kept until the next write or the next day. */
  const report = (path: string, compute: (actor: Actor, day: string) => unknown) =>
    app.get(path, (c) => {
      const day = today();
      return dailyResponse(c, db, day, () => compute(c.var.actor, day));
    });

  report('/reports/progress', (actor, day) => progressReportsFor(db, actor, day));
  report('/reports/program-summaries', (actor, day) => programSummaries(progressReportsFor(db, actor, day)));
  report('/reports/progress-trend', (actor, day) => progressTrendFor(db, actor, day));
  report('/reports/graduation', (actor, day) => graduationFor(db, actor, day).candidates);
  report('/reports/graduation-stats', (actor, day) => {
    const { students, candidates } = graduationFor(db, actor, day);
    return graduationStats(candidates, students, day);
  });
  report('/reports/compliance', (actor, day) => complianceRecordsFor(db, actor, day));
  report('/reports/compliance-summary', (actor, day) => complianceSummary(complianceRecordsFor(db, actor, day)));
  report('/reports/compliance-by-standard', (actor, day) => complianceByStandard(complianceRecordsFor(db, actor, day)));

  return app;
}

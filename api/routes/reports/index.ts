import { type Context, Hono } from 'hono';

import type { Actor } from '#api/commands/command.ts';
import type { Deps, Env } from '#api/http/context.ts';
import { dailyResponse } from '#api/http/kept-response.ts';
import { localDay } from '#schema/dates.ts';

import { complianceByStandard, complianceSummary } from './compliance-report.ts';
import { graduationStats } from './graduation-report.ts';
import { programSummaries } from './progress-report.ts';
import { complianceRecordsFor, graduationFor, progressReportsFor, progressTrendFor } from './reports.queries.ts';

/** Report figures computed from the records, each call for the day it is made, in the caller's scope. */
export function reportRoutes({ db }: Deps) {
  const today = () => localDay(new Date());
  /** Each report is computed for the day of the request and kept until the next write or the next day. */
  const report =
    <T>(compute: (actor: Actor, day: string) => T) =>
    (c: Context<Env>) => {
      const day = today();
      return dailyResponse(c, db, day, () => compute(c.var.actor, day));
    };

  // chained, so the routes' types reach hono/client (ReportRoutes)
  return new Hono<Env>()
    .get(
      '/reports/progress',
      report((actor, day) => progressReportsFor(db, actor, day)),
    )
    .get(
      '/reports/program-summaries',
      report((actor, day) => programSummaries(progressReportsFor(db, actor, day))),
    )
    .get(
      '/reports/progress-trend',
      report((actor, day) => progressTrendFor(db, actor, day)),
    )
    .get(
      '/reports/graduation',
      report((actor, day) => graduationFor(db, actor, day).candidates),
    )
    .get(
      '/reports/graduation-stats',
      report((actor, day) => {
        const { students, candidates } = graduationFor(db, actor, day);
        return graduationStats(candidates, students, day);
      }),
    )
    .get(
      '/reports/compliance',
      report((actor, day) => complianceRecordsFor(db, actor, day)),
    )
    .get(
      '/reports/compliance-summary',
      report((actor, day) => complianceSummary(complianceRecordsFor(db, actor, day))),
    )
    .get(
      '/reports/compliance-by-standard',
      report((actor, day) => complianceByStandard(complianceRecordsFor(db, actor, day))),
    );
}

export type ReportRoutes = ReturnType<typeof reportRoutes>;

import { Hono } from 'hono';

import type { Deps, Env } from '#api/http/context.ts';
import { dailyResponse } from '#api/http/kept-response.ts';
import { localDay } from '#schema/dates.ts';

import { deadlinesFor, recentActivity, statsFor } from './dashboard.queries.ts';

/** The dashboard's cards, computed for the day of the call in the caller's scope (kept until the next write or day). */
export function dashboardRoutes({ db }: Deps) {
  const today = () => localDay(new Date());
  // chained, so the routes' types reach hono/client (DashboardRoutes)
  return new Hono<Env>()
    .get('/dashboard/stats', (c) => {
      const day = today();
      return dailyResponse(c, db, day, () => statsFor(db, c.var.actor, day));
    })
    .get('/dashboard/activity', (c) => c.json(recentActivity(db, c.var.actor)))
    .get('/dashboard/deadlines', (c) => {
      const day = today();
      return dailyResponse(c, db, day, () => deadlinesFor(db, c.var.actor, day));
    });
}

export type DashboardRoutes = ReturnType<typeof dashboardRoutes>;

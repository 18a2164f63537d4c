import { Hono } from 'hono';
import { localDay } from '../../../schema/reports.ts';
import type { Deps, Env } from '../../http/context.ts';
import { deadlinesFor, recentActivity, statsFor } from './dashboard.queries.ts';

/** The dashboard's cards, computed for the day of the call in the caller's scope. */
export function dashboardRoutes({ db }: Deps) {
  const app = new Hono<Env>();
  const today = () => localDay(new Date());

  app.get('/dashboard/stats', (c) => c.json(statsFor(db, c.var.actor, today())));
  app.get('/dashboard/activity', (c) => c.json(recentActivity(db, c.var.actor)));
  app.get('/dashboard/deadlines', (c) => c.json(deadlinesFor(db, c.var.actor, today())));

  return app;
}

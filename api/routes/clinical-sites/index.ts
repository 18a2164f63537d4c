import { Hono } from 'hono';
import type { Deps, Env } from '../../http/context.ts';

export function clinicalSiteRoutes(_deps: Deps) {
  return new Hono<Env>();
}

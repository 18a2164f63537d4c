import { Hono } from 'hono';
import type { Deps, Env } from '../../http/context.ts';

export function instructorRoutes(_deps: Deps) {
  return new Hono<Env>();
}

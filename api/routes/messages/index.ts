import { Hono } from 'hono';
import type { Deps, Env } from '../../http/context.ts';

export function messageRoutes(_deps: Deps) {
  return new Hono<Env>();
}

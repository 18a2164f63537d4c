import { Hono, type Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';
import { and, eq, isNull } from 'drizzle-orm';
import type { Role } from '../../schema/enums.ts';
import { ERR } from '../../schema/messages.ts';
import { loginSchema } from '../../schema/user.ts';
import { fieldErrors } from '../../schema/common.ts';
import { safeNextPath } from '../../schema/next-path.ts';
import * as t from '../../schema/tables.ts';
import { AppError, invalid } from '../http/errors.ts';
import { publicUser, readJson, type Deps, type Env, type UserRow } from '../http/context.ts';
import { verifyPassword } from './password.ts';
import { createSession, revokeSession, SESSION_COOKIE, SESSION_DAYS, sessionIdOf, sessionUser } from './sessions.ts';
import { LoginThrottle } from './throttle.ts';

export const DEMO_DIRECTOR_EMAIL = 'director@demo.test';

const isHttps = (url: string, forwardedProto?: string) => forwardedProto === 'https' || url.startsWith('https:');

function startSession(c: Context, deps: Deps, user: UserRow) {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) revokeSession(deps.db, previous);
  const { token } = createSession(deps.db, user.id);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c.req.url, c.req.header('x-forwarded-proto')),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

/** Sign-in, sign-out, the current user and (demo mode only) the demo user. Public: mounted before `requireUser`. */
export function authRoutes(deps: Deps) {
  const byEmail = new LoginThrottle(5, 15 * 60_000);
  const byAddress = new LoginThrottle(30, 15 * 60_000);
  const app = new Hono<Env>();

  app.get('/login', (c) => {
    const next = safeNextPath(c.req.query('next'), new URL(c.req.url).origin);
    return c.redirect(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
  });

  app.post('/login', async (c) => {
    const parsed = loginSchema.safeParse(await readJson(c));
    if (!parsed.success) throw invalid(fieldErrors(parsed.error));
    const { email, password } = parsed.data;
    const address = c.req.header('x-forwarded-for')?.split(',')[0]?.trim() || 'local';
    const wait = Math.max(byEmail.retryAfter([email]), byAddress.retryAfter([address]));
    if (wait > 0) {
      c.header('Retry-After', String(wait));
      throw new AppError(429, ERR.tooManyAttempts);
    }
    const user = deps.db.select().from(t.users)
      .where(and(eq(t.users.email, email), isNull(t.users.deletedAt))).get();
    const ok = await verifyPassword(user?.passwordHash, password);
    if (!ok || !user || !user.isActive) {
      byEmail.fail([email]);
      byAddress.fail([address]);
      throw new AppError(401, ERR.badCredentials);
    }
    byEmail.succeed([email]);
    startSession(c, deps, user);
    return c.json(publicUser(user));
  });

  app.get('/logout', (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) revokeSession(deps.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
    return c.redirect('/');
  });

  app.get('/auth/user', (c) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = token ? sessionUser(deps.db, token) : undefined;
    if (!user) throw new AppError(401, ERR.unauthorized);
    return c.json(publicUser(user));
  });

  app.get('/demo/user', (c) => {
    if (!deps.demo) throw new AppError(404, ERR.notFound);
    const user = deps.db.select().from(t.users)
      .where(and(eq(t.users.email, DEMO_DIRECTOR_EMAIL), isNull(t.users.deletedAt))).get();
    if (!user) throw new AppError(404, ERR.notFound);
    startSession(c, deps, user);
    return c.json(publicUser(user));
  });

  return app;
}

/** Every /api route after this needs a live session; it sets `user` and `actor`. */
export const requireUser = (deps: Deps) =>
  createMiddleware<Env>(async (c, next) => {
    const token = getCookie(c, SESSION_COOKIE);
    const user = token ? sessionUser(deps.db, token) : undefined;
    if (!user) throw new AppError(401, ERR.unauthorized);
    c.set('user', user);
    c.set('actor', { id: user.id, role: user.role as Role, sessionId: sessionIdOf(token!) });
    await next();
  });

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Refuses state-changing requests sent from another site (CSRF): a foreign Origin, or a cross-site fetch. */
export const sameOriginOnly = createMiddleware(async (c, next) => {
  if (!SAFE_METHODS.has(c.req.method)) {
    const origin = c.req.header('origin');
    const host = c.req.header('x-forwarded-host') ?? c.req.header('host') ?? new URL(c.req.url).host;
    const foreignOrigin = origin !== undefined && hostOf(origin) !== host;
    if (foreignOrigin || c.req.header('sec-fetch-site') === 'cross-site') throw new AppError(403, ERR.foreignOrigin);
  }
  await next();
});

function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host;
  } catch {
    return null;
  }
}

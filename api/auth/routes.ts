import { and, eq, isNull } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { createMiddleware } from 'hono/factory';

import type { HealthAnswer, SessionAnswer } from '#schema/api-answers.ts';
import { fieldErrors } from '#schema/common.ts';
import type { Role } from '#schema/enums.ts';
import type { Login } from '#schema/login.ts';
import { ERR, tryAgainIn } from '#schema/messages.ts';
import { safeNextPath } from '#schema/next-path.ts';
import * as t from '#schema/tables.ts';
import { loginSchema } from '#schema/user.ts';

import { type Deps, type Env, publicUser, readJson, type UserRow } from '../http/context.ts';
import { AppError, invalid } from '../http/errors.ts';
import { jsonBody } from '../http/typed-body.ts';
import { cosignSecretFor } from '../routes/sign-offs/cosign.ts';
import { clientAddress, isHttps, isLocalClient, requestHost } from './client.ts';
import { verifyPassword } from './password.ts';
import { createSession, revokeSession, SESSION_COOKIE, SESSION_DAYS, sessionIdOf, sessionUser } from './sessions.ts';
import { LoginThrottle } from './throttle.ts';

const DEMO_DIRECTOR_EMAIL = 'director@demo.test';

function startSession(c: Context, deps: Deps, user: UserRow) {
  const previous = getCookie(c, SESSION_COOKIE);
  if (previous) revokeSession(deps.db, previous);
  const { token } = createSession(deps.db, user.id);
  setCookie(c, SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: isHttps(c, deps.trustProxy),
    path: '/',
    maxAge: SESSION_DAYS * 86_400,
  });
}

/**
 * Whether the server is up, sign-in, sign-out, the current user and (demo mode only) the demo user. Public: mounted
 * before `requireUser`.
 */
export function authRoutes(deps: Deps) {
  const throttle = new LoginThrottle();
  const signOut = (c: Context) => {
    const token = getCookie(c, SESSION_COOKIE);
    if (token) revokeSession(deps.db, token);
    deleteCookie(c, SESSION_COOKIE, { path: '/' });
  };

  // chained, so the routes' types reach hono/client (AuthRoutes)
  return (
    new Hono<Env>()
      .get('/health', (c) => c.json({ ok: true, demo: deps.demo } satisfies HealthAnswer))

      .get('/login', (c) => {
        const next = safeNextPath(c.req.query('next'), new URL(c.req.url).origin);
        return c.redirect(next === '/' ? '/login' : `/login?next=${encodeURIComponent(next)}`);
      })

      .post('/login', jsonBody<Login>(), async (c) => {
        const parsed = loginSchema.safeParse(await readJson(c));
        if (!parsed.success) throw invalid(fieldErrors(parsed.error));
        const { email, password } = parsed.data;
        const address = clientAddress(c, deps.trustProxy);
        const wait = throttle.retryAfter(email, address);
        if (wait > 0) {
          c.header('Retry-After', String(wait));
          throw new AppError(429, `${ERR.tooManyAttempts} ${tryAgainIn(wait)}`);
        }
        const user = deps.db
          .select()
          .from(t.users)
          .where(and(eq(t.users.email, email), isNull(t.users.deletedAt)))
          .get();
        const ok = await verifyPassword(user?.passwordHash, password);
        if (!ok || !user || !user.isActive) {
          throttle.fail(email, address);
          throw new AppError(401, ERR.badCredentials);
        }
        throttle.succeed(email, address);
        startSession(c, deps, user);
        // the one answer that carries the co-sign secret, so that only the account's own signed-in devices show codes
        return c.json({ ...publicUser(user), cosignSecret: cosignSecretFor(deps.db, user, new Date().toISOString()) });
      })

      /** The app signs out by POST (checked like every write by `sameOriginOnly`). */
      .post('/logout', (c) => {
        signOut(c);
        return c.body(null, 204);
      })

      /**
       * The spec's sign-out link. A GET is not checked as a write, and a link on another site carries the SameSite=Lax
       * cookie, so a navigation the browser marks as started elsewhere ('cross-site', 'same-site') signs no one out.
       * 'none' is the user's own doing (address bar, bookmark); no header at all is a client that is not a browser.
       */
      .get('/logout', (c) => {
        const site = c.req.header('sec-fetch-site');
        if (site !== undefined && site !== 'same-origin' && site !== 'none') throw new AppError(403, ERR.foreignOrigin);
        signOut(c);
        return c.redirect('/');
      })

      /** Who is signed in, for the app's start-up: a signed-out visitor is an answer (null), not an error. */
      .get('/auth/session', (c) => {
        const token = getCookie(c, SESSION_COOKIE);
        const user = token ? sessionUser(deps.db, token) : undefined;
        return c.json({ user: user ? publicUser(user) : null } satisfies SessionAnswer);
      })

      .get('/auth/user', (c) => {
        const token = getCookie(c, SESSION_COOKIE);
        const user = token ? sessionUser(deps.db, token) : undefined;
        if (!user) throw new AppError(401, ERR.unauthorized);
        return c.json(publicUser(user));
      })

      /** Hands out a director session without a password, so only to a client on this computer. */
      .get('/demo/user', (c) => {
        if (!deps.demo || !isLocalClient(c, deps.trustProxy)) throw new AppError(404, ERR.notFound);
        const user = deps.db
          .select()
          .from(t.users)
          .where(and(eq(t.users.email, DEMO_DIRECTOR_EMAIL), isNull(t.users.deletedAt)))
          .get();
        if (!user) throw new AppError(404, ERR.notFound);
        startSession(c, deps, user);
        return c.json(publicUser(user));
      })
  );
}

export type AuthRoutes = ReturnType<typeof authRoutes>;

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

/**
 * Refuses (403) a state-changing /api request that a browser may have sent on another site's behalf (CSRF), when
 * - `Sec-Fetch-Site` is present and is not 'same-origin': the browser says another site, or no page, started it;
 * - `Origin` is present and names another host than ours ('null', from sandboxed frames and the like, included);
 * - it carries the session cookie with neither header: every current browser sends `Origin` with such a request, so
 *   this is a browser that hides where the request started, or a script, which can send `Origin` like a browser.
 * With neither header and no session cookie (a client that is not a browser signing in) the request goes on.
 */
export const sameOriginOnly = (deps: Pick<Deps, 'trustProxy'>) =>
  createMiddleware(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const site = c.req.header('sec-fetch-site');
      const origin = c.req.header('origin');
      const crossSite = site !== undefined && site !== 'same-origin';
      const foreignOrigin = origin !== undefined && hostOf(origin) !== requestHost(c, deps.trustProxy);
      const unmarked = site === undefined && origin === undefined && getCookie(c, SESSION_COOKIE) !== undefined;
      if (crossSite || foreignOrigin || unmarked) throw new AppError(403, ERR.foreignOrigin);
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

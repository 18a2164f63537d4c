/**
 * Server-side sessions. The cookie carries a random token; the database keeps only its SHA-256, so a stolen database
 * copy cannot be replayed as cookies. Deleting the row revokes the session at once.
 */
import { createHash, randomBytes } from 'node:crypto';

import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';

import * as t from '#schema/tables.ts';

import type { Db, Q } from '../db/open.ts';
import { preparedQuery } from '../db/statements.ts';

export const SESSION_COOKIE = 'sid';
export const SESSION_DAYS = 30;

const digest = (token: string) => createHash('sha256').update(token).digest('hex');

/** The session row's id for a cookie's token: what a command needs to keep the caller's own session. */
export const sessionIdOf = digest;

export function createSession(db: Db, userId: string): { token: string; expiresAt: Date } {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_DAYS * 86_400_000);
  db.insert(t.sessions)
    .values({ id: digest(token), userId, createdAt: new Date().toISOString(), expiresAt: expiresAt.toISOString() })
    .run();
  return { token, expiresAt };
}

/** Every signed-in request runs this, so the query is prepared once per connection (see db/statements.ts). */
export function sessionUser(db: Db, token: string) {
  const query = preparedQuery(db, 'auth:sessionUser', () =>
    db
      .select({ user: t.users })
      .from(t.sessions)
      .innerJoin(t.users, eq(t.users.id, t.sessions.userId))
      .where(
        and(
          eq(t.sessions.id, sql.placeholder('id')),
          gt(t.sessions.expiresAt, sql.placeholder('now')),
          isNull(t.users.deletedAt),
          eq(t.users.isActive, true),
        ),
      )
      .prepare(),
  );
  return query.get({ id: digest(token), now: new Date().toISOString() })?.user;
}

export function revokeSession(db: Db, token: string): void {
  db.delete(t.sessions)
    .where(eq(t.sessions.id, digest(token)))
    .run();
}

/**
 * Ends every session of a user at once (their role changed, so no open session keeps the access it signed in with),
 * except `keep`: the caller's own session when the caller changed their own account.
 */
export function endSessionsOf(q: Q, userId: string, keep?: string): void {
  q.delete(t.sessions)
    .where(and(eq(t.sessions.userId, userId), keep ? ne(t.sessions.id, keep) : undefined))
    .run();
}

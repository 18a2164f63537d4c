/**
 * Calendar feed tokens: 256 random bits shown to their user once; only the SHA-256 is kept, so a copy of the database
 * cannot be replayed as feed addresses. One per user: issuing replaces the old one, revoking deletes it.
 */
import { createHash, randomBytes } from 'node:crypto';

import { and, eq, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { CalendarFeedStatus } from '#schema/calendar.ts';
import * as t from '#schema/tables.ts';

import { recordAuditEvent } from '../../commands/audit-event.ts';
import type { Db } from '../../db/open.ts';

const digest = (token: string) => createHash('sha256').update(token).digest('hex');
/** What a token looks like (32 bytes in base64url); anything else is not looked up at all. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const TABLE = 'calendar_tokens';

export function issueCalendarToken(db: Db, actor: Actor): { token: string; createdAt: string } {
  const token = randomBytes(32).toString('base64url');
  const createdAt = new Date().toISOString();
  db.transaction((tx) => {
    const replaced = tx.delete(t.calendarTokens).where(eq(t.calendarTokens.userId, actor.id)).run().changes > 0;
    tx.insert(t.calendarTokens)
      .values({ userId: actor.id, tokenHash: digest(token), createdAt })
      .run();
    recordAuditEvent(tx, actor, {
      command: 'issueCalendarFeed',
      tableName: TABLE,
      recordId: actor.id,
      action: replaced ? 'update' : 'create',
    });
  });
  return { token, createdAt };
}

export function revokeCalendarToken(db: Db, actor: Actor): void {
  db.transaction((tx) => {
    const removed = tx.delete(t.calendarTokens).where(eq(t.calendarTokens.userId, actor.id)).run().changes > 0;
    if (removed)
      recordAuditEvent(tx, actor, {
        command: 'revokeCalendarFeed',
        tableName: TABLE,
        recordId: actor.id,
        action: 'delete',
      });
  });
}

export function calendarFeedStatus(db: Db, userId: string): CalendarFeedStatus {
  const row = db.select().from(t.calendarTokens).where(eq(t.calendarTokens.userId, userId)).get();
  return { active: !!row, createdAt: row?.createdAt ?? null };
}

/** The live, active account a token belongs to, or nothing: unknown, revoked and deactivated all look the same. */
export function calendarTokenUser(db: Db, token: string) {
  if (!TOKEN_SHAPE.test(token)) return undefined;
  return db
    .select({ user: t.users })
    .from(t.calendarTokens)
    .innerJoin(t.users, eq(t.users.id, t.calendarTokens.userId))
    .where(and(eq(t.calendarTokens.tokenHash, digest(token)), isNull(t.users.deletedAt), eq(t.users.isActive, true)))
    .get()?.user;
}

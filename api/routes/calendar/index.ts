import { Hono } from 'hono';

import type { Deps, Env } from '#api/http/context.ts';
import { calendarFeedPath, type CalendarFeedStatus, type IssuedCalendarFeed } from '#schema/calendar.ts';
import { localDay } from '#schema/dates.ts';
import type { Role } from '#schema/enums.ts';
import { ERR } from '#schema/messages.ts';

import { calendarEventsFor } from './calendar-events.ts';
import { calendarText } from './calendar-feed.ts';
import { calendarFeedStatus, calendarTokenUser, issueCalendarToken, revokeCalendarToken } from './calendar-tokens.ts';

/**
 * The feed itself, mounted before sign-in is required: calendar apps send no cookie, the token in the path is the
 * credential. A wrong, revoked or malformed token, or one of a deactivated account, answers exactly as any unknown
 * /api path does.
 */
export function calendarFeedRoutes({ db }: Deps) {
  return new Hono<Env>().get('/calendar/:file', (c) => {
    const token = c.req.param('file').replace(/\.ics$/, '');
    const user = c.req.param('file').endsWith('.ics') ? calendarTokenUser(db, token) : undefined;
    if (!user) return c.json({ error: ERR.notFound }, 404);
    const events = calendarEventsFor(db, { id: user.id, role: user.role as Role }, localDay(new Date()));
    c.header('content-type', 'text/calendar; charset=utf-8');
    c.header('cache-control', 'private, no-cache');
    return c.body(calendarText(`Training records: ${user.firstName} ${user.lastName}`, events));
  });
}

/** The signed-in user's own feed: whether one is live, a new address (shown once), or none. */
export function calendarSettingsRoutes({ db, publicUrl }: Deps) {
  // chained, so the routes' types reach hono/client (CalendarRoutes)
  return new Hono<Env>()
    .get('/calendar-feed', (c) => c.json(calendarFeedStatus(db, c.var.actor.id) satisfies CalendarFeedStatus))
    .post('/calendar-feed', (c) => {
      const { token, createdAt } = issueCalendarToken(db, c.var.actor);
      const origin = publicUrl || new URL(c.req.url).origin;
      return c.json({ url: `${origin}${calendarFeedPath(token)}`, createdAt } satisfies IssuedCalendarFeed, 201);
    })
    .delete('/calendar-feed', (c) => {
      revokeCalendarToken(db, c.var.actor);
      return c.json(calendarFeedStatus(db, c.var.actor.id) satisfies CalendarFeedStatus);
    });
}

export type CalendarRoutes = ReturnType<typeof calendarSettingsRoutes>;

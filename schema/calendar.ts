/** The private calendar feed: its address and what the Profile screen reads about it. Shared by server and app. */
import { z } from 'zod';

/** The feed's path for a token; the token is the only secret, so the path is the whole credential. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** GET /api/calendar-feed: whether the user has a live feed, and since when (the address is shown only once). */
export const calendarFeedStatusSchema = z.object({ active: z.boolean(), createdAt: z.string().nullable() });
export type CalendarFeedStatus = z.infer<typeof calendarFeedStatusSchema>;

/** POST /api/calendar-feed: a new address; any earlier one stops answering at once. */
export const issuedCalendarFeedSchema = z.object({ url: z.string(), createdAt: z.string() });
export type IssuedCalendarFeed = z.infer<typeof issuedCalendarFeedSchema>;

/** The private calendar feed: its address and what the Profile screen reads about it. Shared by server and app. */

/** The feed's path for a token; the token is the only secret, so the path is the whole credential. */
export const calendarFeedPath = (token: string) => `/api/calendar/${token}.ics`;

/** GET /api/calendar-feed: whether the user has a live feed, and since when (the address is shown only once). */
export interface CalendarFeedStatus {
  active: boolean;
  createdAt: string | null;
}

/** POST /api/calendar-feed: a new address; any earlier one stops answering at once. */
export interface IssuedCalendarFeed {
  url: string;
  createdAt: string;
}

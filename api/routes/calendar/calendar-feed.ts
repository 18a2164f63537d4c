/** Writes a feed as iCalendar (RFC 5545) with ical.js, which escapes text (line breaks, commas, semicolons) and folds lines. */
import ICAL from 'ical.js';

import type { CalendarEvent } from './calendar-events.ts';

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function toVevent(event: CalendarEvent, stamp: ICAL.Time): ICAL.Component {
  const vevent = new ICAL.Component('vevent');
  vevent.addPropertyWithValue('uid', event.uid);
  vevent.addPropertyWithValue('dtstamp', stamp);
  if (DAY.test(event.start)) {
    const day = ICAL.Time.fromDateString(event.start);
    const next = day.clone();
    next.adjust(1, 0, 0, 0);
    vevent.addPropertyWithValue('dtstart', day);
    vevent.addPropertyWithValue('dtend', next);
  } else {
    vevent.addPropertyWithValue('dtstart', ICAL.Time.fromJSDate(new Date(event.start), true));
    vevent.addPropertyWithValue('dtend', ICAL.Time.fromJSDate(new Date(event.end ?? event.start), true));
  }
  vevent.addPropertyWithValue('summary', event.summary);
  if (event.description) vevent.addPropertyWithValue('description', event.description);
  return vevent;
}

export function calendarText(name: string, events: CalendarEvent[], now = new Date()): string {
  const calendar = new ICAL.Component(['vcalendar', [], []]);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('prodid', '-//Public Safety Training Records//Calendar feed//EN');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('x-wr-calname', name);
  // how often subscribed calendars should fetch again (Apple and Google read these)
  calendar.addPropertyWithValue('refresh-interval', ICAL.Duration.fromString('PT1H'));
  calendar.addPropertyWithValue('x-published-ttl', 'PT1H');
  const stamp = ICAL.Time.fromJSDate(now, true);
  for (const event of events) calendar.addSubcomponent(toVevent(event, stamp));
  return calendar.toString();
}

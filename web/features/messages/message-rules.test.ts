import { describe, expect, it } from 'vitest';

import {
  cardDate,
  type DeviceMessage,
  emptyHint,
  filterMessages,
  filtersActive,
  fullDateTime,
  type MessageFilters,
  NO_FILTERS,
  type Person,
  personInitials,
  replySubject,
  unreadCount,
} from './message-rules.ts';

const ME = 'me';
const people = new Map<string, Person>([
  ['me', { id: 'me', firstName: 'Sam', lastName: 'Student', role: 'student' }],
  ['ins', { id: 'ins', firstName: 'Irene', lastName: 'Okafor', role: 'instructor' }],
  ['cc', { id: 'cc', firstName: 'Carla', lastName: 'Nguyen', role: 'clinical_coordinator' }],
]);

let n = 0;
const msg = (over: Partial<DeviceMessage>): DeviceMessage => ({
  id: `m${++n}`,
  senderId: 'ins',
  recipientId: ME,
  subject: 'Subject',
  content: 'Body',
  priority: 'normal',
  category: 'general',
  isRead: false,
  readAt: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  isStarred: false,
  isArchived: false,
  ...over,
});

const airway = msg({
  subject: 'Airway lab Thursday',
  content: 'Bring your skills book',
  priority: 'high',
  category: 'academic',
  createdAt: '2026-11-19T08:00:00.000Z',
});
const capacity = msg({
  senderId: 'cc',
  subject: 'Site capacity',
  content: 'St. Mary can take two more',
  category: 'clinical',
  isRead: true,
  createdAt: '2026-11-21T08:00:00.000Z',
});
const sent = msg({
  senderId: ME,
  recipientId: 'cc',
  subject: 'Shift swap',
  content: 'Can I move to Friday?',
  priority: 'urgent',
});
const archived = msg({ subject: 'Old news', isArchived: true, isStarred: true });
const all = [airway, capacity, sent, archived];
const ids = (f: Partial<MessageFilters>) => filterMessages(all, { ...NO_FILTERS, ...f }, ME, people).map((m) => m.id);

describe('message search and filters', () => {
  it('the inbox holds received, unarchived messages, newest first', () => {
    expect(ids({})).toEqual([capacity.id, airway.id]);
  });

  it('search matches subject, content or sender name, ignoring case', () => {
    expect(ids({ query: 'AIRWAY' })).toEqual([airway.id]);
    expect(ids({ query: 'two more' })).toEqual([capacity.id]);
    expect(ids({ query: 'carla' })).toEqual([capacity.id]);
    expect(ids({ query: 'nguyen' })).toEqual([capacity.id]);
    expect(ids({ query: 'nothing like this' })).toEqual([]);
  });

  it('category and priority narrow the list; "all" does not', () => {
    expect(ids({ category: 'clinical' })).toEqual([capacity.id]);
    expect(ids({ priority: 'high' })).toEqual([airway.id]);
    expect(ids({ category: 'academic', priority: 'low' })).toEqual([]);
    expect(ids({ category: 'all', priority: 'all' })).toHaveLength(2);
  });

  it('sent, starred and archived mailboxes', () => {
    expect(ids({ mailbox: 'sent' })).toEqual([sent.id]);
    expect(ids({ mailbox: 'starred' })).toEqual([archived.id]);
    expect(ids({ mailbox: 'archived' })).toEqual([archived.id]);
  });

  it('in Sent, search finds the recipient by name', () => {
    expect(ids({ mailbox: 'sent', query: 'carla' })).toEqual([sent.id]);
  });

  it('the empty state hint depends on whether filters are active', () => {
    expect(filtersActive(NO_FILTERS)).toBe(false);
    expect(emptyHint(NO_FILTERS)).toBe('Start a conversation by composing a new message');
    expect(emptyHint({ ...NO_FILTERS, query: 'x' })).toBe('No messages match your filters');
    expect(emptyHint({ ...NO_FILTERS, priority: 'urgent' })).toBe('No messages match your filters');
    expect(emptyHint({ ...NO_FILTERS, mailbox: 'sent' })).toBe('Start a conversation by composing a new message');
    expect(filtersActive({ ...NO_FILTERS, query: '   ' })).toBe(false);
  });
});

describe('unread count', () => {
  it('counts received messages not opened yet, never the ones the user sent', () => {
    expect(unreadCount(all, ME)).toBe(2);
    expect(unreadCount([sent], ME)).toBe(0);
    expect(unreadCount([{ ...airway, isRead: true }], ME)).toBe(0);
  });
});

describe('display', () => {
  it('initials are the first letters of the first two names', () => {
    expect(personInitials(people.get('cc'))).toBe('CN');
    expect(personInitials(undefined)).toBe('?');
  });

  it('dates: short on cards, full with time in the reader, "Unknown date" when missing', () => {
    expect(cardDate('2026-11-21T08:05:00')).toBe('Nov 21, 2026');
    expect(fullDateTime('2026-11-21T08:05:00')).toBe('November 21, 2026 at 8:05 AM');
    expect(cardDate(null)).toBe('Unknown date');
    expect(fullDateTime(undefined)).toBe('Unknown date');
  });

  it('a reply subject starts with "Re: " once', () => {
    expect(replySubject('Airway lab')).toBe('Re: Airway lab');
    expect(replySubject('Re: Airway lab')).toBe('Re: Airway lab');
    expect(replySubject('RE: Airway lab')).toBe('RE: Airway lab');
  });
});

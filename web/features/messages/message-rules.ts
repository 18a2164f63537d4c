/** The Messages screen's rules: mailboxes, search and filters, unread count, names and dates. Pure, so tested directly. */
import { format, parseISO } from 'date-fns';

import { MESSAGE_PRIORITIES } from '#schema/enums.ts';
import { initials, roleDisplay, SYSTEM_SENDER } from '#schema/names.ts';
import type { DomainRows } from '#sync/client/db.ts';
import type { Tone } from '#web/lib/format.ts';

/**
 * A message as a pull delivers it: the star and archive flags are the signed-in user's own (sync/server/tables.ts),
 * not the sender's and recipient's columns of the server's table.
 */
export type DeviceMessage = Pick<
  DomainRows['messages'],
  | 'id'
  | 'senderId'
  | 'recipientId'
  | 'subject'
  | 'content'
  | 'priority'
  | 'category'
  | 'isRead'
  | 'readAt'
  | 'createdAt'
> &
  Partial<Pick<DomainRows['messages'], 'isStarred' | 'isArchived'>>;

export type Person = Pick<DomainRows['users'], 'id' | 'firstName' | 'lastName' | 'role'>;

export const MAILBOXES = [
  ['inbox', 'Inbox'],
  ['sent', 'Sent'],
  ['starred', 'Starred'],
  ['archived', 'Archived'],
] as const;
type Mailbox = (typeof MAILBOXES)[number][0];

export type MessagePriority = (typeof MESSAGE_PRIORITIES)[number];

/** The spec lists priorities most pressing first. */
export const PRIORITY_ORDER = ['urgent', 'high', 'normal', 'low'] as const;
export const PRIORITY_TONES: Record<MessagePriority, Tone> = {
  urgent: 'red',
  high: 'yellow',
  normal: 'blue',
  low: 'slate',
};

export const label = <K extends string>(labels: Record<K, string>, value: string) => labels[value as K] ?? value;

export interface MessageFilters {
  mailbox: Mailbox;
  query: string;
  category: string;
  priority: string;
}

export const NO_FILTERS: MessageFilters = { mailbox: 'inbox', query: '', category: 'all', priority: 'all' };

/** Whether search, category or priority narrow the list (the mailbox is where you are, not a filter). */
export const filtersActive = (f: MessageFilters) =>
  f.query.trim() !== '' || f.category !== 'all' || f.priority !== 'all';

export { isUnread, unreadCount } from './unread.ts';

function inMailbox(m: DeviceMessage, mailbox: Mailbox, me: string): boolean {
  switch (mailbox) {
    case 'inbox':
      return m.recipientId === me && !m.isArchived;
    case 'sent':
      return m.senderId === me && !m.isArchived;
    case 'starred':
      return Boolean(m.isStarred);
    case 'archived':
      return Boolean(m.isArchived);
  }
}

/** Who a message is from, or for a message the user sent, whom it went to: the person its card shows. */
export const counterpartId = (m: DeviceMessage, me: string) => (m.senderId === me ? m.recipientId : m.senderId);

/** Whom a message card names: a person, the app's own notices, or an account this device does not hold. */
export type Party = Person | typeof SYSTEM_SENDER;
export const peopleOf = (users: readonly Person[]): ReadonlyMap<string, Party> =>
  new Map<string, Party>([[SYSTEM_SENDER.id, SYSTEM_SENDER], ...users.map((u) => [u.id, u] as const)]);
const isSystem = (p: Party | undefined): p is typeof SYSTEM_SENDER => p?.id === SYSTEM_SENDER.id;

export const personName = (p: Party | undefined) =>
  isSystem(p) ? p.name : p ? `${p.firstName} ${p.lastName}`.trim() : 'Unknown user';
export const personInitials = (p: Party | undefined) =>
  isSystem(p) ? 'TR' : p ? initials(p.firstName, p.lastName) : '?';
export const personRole = (p: Party | undefined) => (isSystem(p) ? p.role : p ? roleDisplay(p.role) : '');
/** Nobody reads a reply to the app's own notices. */
export const canReplyTo = (p: Party | undefined) => !isSystem(p);

/** The mailbox's messages matching search (subject, content, the card's person), category and priority; newest first. */
export function filterMessages(
  messages: readonly DeviceMessage[],
  filters: MessageFilters,
  me: string,
  people: ReadonlyMap<string, Party>,
): DeviceMessage[] {
  const q = filters.query.trim().toLowerCase();
  return messages
    .filter((m) => inMailbox(m, filters.mailbox, me))
    .filter((m) => filters.category === 'all' || m.category === filters.category)
    .filter((m) => filters.priority === 'all' || m.priority === filters.priority)
    .filter(
      (m) =>
        !q ||
        [m.subject, m.content, personName(people.get(counterpartId(m, me)))].some((text) =>
          text.toLowerCase().includes(q),
        ),
    )
    .sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? ''));
}

/** The empty state's hint. */
export const emptyHint = (f: MessageFilters) =>
  filtersActive(f) ? 'No messages match your filters' : 'Start a conversation by composing a new message';

/** Card date, e.g. 'Nov 21, 2026'. */
export const cardDate = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), 'MMM d, yyyy') : 'Unknown date';
/** Detail date and time, e.g. 'November 21, 2026 at 8:05 AM'. */
export const fullDateTime = (iso: string | null | undefined) =>
  iso ? format(parseISO(iso), "MMMM d, yyyy 'at' h:mm a") : 'Unknown date';

/** 'Re: subject', without piling up prefixes on a long thread. */
export const replySubject = (subject: string) =>
  /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;

/**
 * Which messages are unread, apart from the Messages screen's other rules: a student's home shows the count, and
 * those rules bring the screen's date formatting (date-fns), which that home never uses (web/first-screen.test.ts).
 */
import type { DomainRows } from '#sync/client/db.ts';

/** What telling a message unread reads of it: any message the device holds has both. */
type Received = Pick<DomainRows['messages'], 'recipientId' | 'isRead'>;

/** A received message the user has not opened yet. */
export const isUnread = (m: Received, me: string) => m.recipientId === me && !m.isRead;

/** The badge next to the title: received messages not opened yet. */
export const unreadCount = (messages: readonly Received[], me: string) =>
  messages.filter((m) => isUnread(m, me)).length;

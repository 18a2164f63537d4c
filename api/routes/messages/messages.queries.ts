import { and, count, desc, inArray, isNull } from 'drizzle-orm';

import type { Actor } from '#api/commands/command.ts';
import type { Q } from '#api/db/open.ts';
import { keysOf, type List, rowidOf, rowsByKey } from '#api/http/paging.ts';
import { receivedBy, sentBy, visibleWhere } from '#api/permissions/visibility.ts';
import type { MessageAnswer } from '#schema/api-answers.ts';
import type { MessageListQuery } from '#schema/paging.ts';
import * as t from '#schema/tables.ts';

type MessageRow = typeof t.messages.$inferSelect;
type Person = { name: string; role: string };

/** Names and roles of the given users; a deleted account keeps its name on old messages. */
function people(q: Q, ids: string[]): Map<string, Person> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return new Map();
  return new Map(
    q
      .select({ id: t.users.id, firstName: t.users.firstName, lastName: t.users.lastName, role: t.users.role })
      .from(t.users)
      .where(inArray(t.users.id, unique))
      .all()
      .map((u) => [u.id, { name: `${u.firstName} ${u.lastName}`, role: u.role }]),
  );
}

/** A message as `viewerId` sees it: the star and archive flags are the viewer's own side. */
function messageToApi(m: MessageRow, viewerId: string, who: Map<string, Person>): MessageAnswer {
  const received = m.recipientId === viewerId;
  return {
    id: m.id,
    senderId: m.senderId,
    senderName: who.get(m.senderId)?.name ?? null,
    senderRole: who.get(m.senderId)?.role ?? null,
    recipientId: m.recipientId,
    recipientName: who.get(m.recipientId)?.name ?? null,
    subject: m.subject,
    content: m.content,
    priority: m.priority,
    category: m.category,
    isRead: m.isRead,
    readAt: m.readAt,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    direction: received ? ('received' as const) : ('sent' as const),
    isStarred: received ? m.recipientStarred : m.senderStarred,
    isArchived: received ? m.recipientArchived : m.senderArchived,
  };
}
export type MessageApi = ReturnType<typeof messageToApi>;

function messagesToApi(q: Q, rows: MessageRow[], viewerId: string): MessageApi[] {
  const who = people(
    q,
    rows.flatMap((m) => [m.senderId, m.recipientId]),
  );
  return rows.map((m) => messageToApi(m, viewerId, who));
}

export const messageView = (q: Q, row: MessageRow, viewerId: string) => messagesToApi(q, [row], viewerId)[0];

/** The actor's inbox and sent messages (or one of them), newest first, without those the actor deleted from their view. */
export function messageList(q: Q, actor: Actor, f: MessageListQuery): List<MessageApi> {
  const where = and(
    isNull(t.messages.deletedAt),
    f.direction === 'received'
      ? receivedBy(actor)
      : f.direction === 'sent'
        ? sentBy(actor)
        : visibleWhere.messages(q, actor),
  );
  const key = rowidOf(t.messages);
  return {
    total: () => q.select({ n: count() }).from(t.messages).where(where).get()!.n,
    keys: (page) =>
      keysOf(
        q,
        q
          .select({ key })
          .from(t.messages)
          .where(where)
          .orderBy(desc(t.messages.createdAt), desc(t.messages.version))
          .$dynamic(),
        page,
      ),
    rows: (keys) => messagesToApi(q, rowsByKey(q, t.messages, keys), actor.id),
  };
}

import { type CommandContext, defineCommand } from '#api/commands/command.ts';
import { invalid, notFound } from '#api/http/errors.ts';
import { assertCan } from '#api/permissions/matrix.ts';
import { byId } from '#schema/common.ts';
import { messageFlagsArgs, messageSchema } from '#schema/message.ts';
import * as t from '#schema/tables.ts';

type MessageRow = typeof t.messages.$inferSelect;

/** A message the actor sent or received; anyone else's answers 404 so ids cannot be probed. */
function ownMessage(ctx: CommandContext, id: string): MessageRow {
  const row = ctx.find(t.messages, id);
  if (!row || (row.recipientId !== ctx.actor.id && row.senderId !== ctx.actor.id)) throw notFound('Message');
  return row;
}

export const sendMessage = defineCommand({
  name: 'sendMessage',
  offline: true,
  args: messageSchema,
  apply(ctx, { senderId: _ignored, ...args }) {
    assertCan(ctx.actor, 'messages.send');
    const recipient = ctx.find(t.users, args.recipientId);
    if (!recipient || !recipient.isActive) throw invalid({ recipientId: 'Recipient not found' });
    // one row carries both sides' flags, so a message to oneself would have no separate sender view
    if (recipient.id === ctx.actor.id) throw invalid({ recipientId: 'You cannot send a message to yourself' });
    return ctx.insert(t.messages, { ...args, senderId: ctx.actor.id });
  },
});

export const markMessageRead = defineCommand({
  name: 'markMessageRead',
  offline: true,
  args: byId,
  apply(ctx, { id }) {
    const row = ownMessage(ctx, id);
    if (row.recipientId !== ctx.actor.id) throw notFound('Message');
    if (row.isRead) return row;
    return ctx.update(t.messages, row, { isRead: true, readAt: ctx.now });
  },
});

/** Star, archive, delete (and, for the recipient, read state) apply to the caller's own view of the message only. */
export const updateMessageFlags = defineCommand({
  name: 'updateMessageFlags',
  offline: true,
  args: messageFlagsArgs,
  apply(ctx, { id, changes }) {
    const row = ownMessage(ctx, id);
    const { isStarred: starred, isArchived: archived, isDeleted: deleted, isRead } = changes;
    if (row.recipientId === ctx.actor.id) {
      return ctx.update(t.messages, row, {
        recipientStarred: starred,
        recipientArchived: archived,
        recipientDeleted: deleted,
        ...(isRead !== undefined && { isRead, readAt: isRead ? (row.readAt ?? ctx.now) : null }),
      });
    }
    return ctx.update(t.messages, row, { senderStarred: starred, senderArchived: archived, senderDeleted: deleted });
  },
});

export const messageCommands = [sendMessage, markMessageRead, updateMessageFlags];

import { z } from 'zod';

import { clientId, refId, requiredText, updateOf } from './common.ts';
import { MESSAGE_CATEGORIES, MESSAGE_PRIORITIES } from './enums.ts';
import { MSG } from './messages.ts';

export const messageSchema = z.object({
  id: clientId(),
  recipientId: refId(MSG.recipientRequired),
  subject: requiredText(MSG.subjectRequired, 200),
  content: requiredText(MSG.contentRequired, 20000),
  priority: z.enum(MESSAGE_PRIORITIES).default('normal'),
  category: z.enum(MESSAGE_CATEGORIES).default('general'),
  /** Ignored: the sender is the signed-in user. */
  senderId: z
    .unknown()
    .optional()
    .transform(() => undefined),
});

/** Per-user state of a message in that user's own view. */
const messageFlagsSchema = z.object({
  isRead: z.boolean().optional(),
  isStarred: z.boolean().optional(),
  isArchived: z.boolean().optional(),
  isDeleted: z.boolean().optional(),
});
export const messageFlagsArgs = updateOf(messageFlagsSchema);

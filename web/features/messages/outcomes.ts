/** The toasts of the Messages screen's writes (spec section 8 where it names them). */
import type { Outcome } from '../../lib/write.ts';

export const MESSAGE_OUTCOMES = {
  send: { success: 'Message Sent', successDescription: 'Your message has been sent successfully', failure: 'Failed to send message' },
  star: { success: 'Message starred', failure: 'Failed to update message' },
  unstar: { success: 'Star removed', failure: 'Failed to update message' },
  archive: { success: 'Message archived', failure: 'Failed to update message' },
  unarchive: { success: 'Message moved to Inbox', failure: 'Failed to update message' },
  delete: { success: 'Message deleted', failure: 'Failed to delete message' },
} satisfies Record<string, Outcome>;

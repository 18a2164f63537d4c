/** Writes of messages (mutations `sendMessage`, `markMessageRead`, `updateMessageFlags`), with their toasts (spec section 8 where it names them). */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useSync } from '../sync.tsx';
import { type Outcome, useWriter } from '../write.ts';

const SEND: Outcome = {
  success: 'Message Sent',
  successDescription: 'Your message has been sent successfully',
  failure: 'Failed to send message',
};

/** The flag changes a user makes on a message, the field each sets and what it says. */
const FLAG_CHANGES = {
  star: { changes: { isStarred: true }, outcome: { success: 'Message starred', failure: 'Failed to update message' } },
  unstar: { changes: { isStarred: false }, outcome: { success: 'Star removed', failure: 'Failed to update message' } },
  archive: {
    changes: { isArchived: true },
    outcome: { success: 'Message archived', failure: 'Failed to update message' },
  },
  unarchive: {
    changes: { isArchived: false },
    outcome: { success: 'Message moved to Inbox', failure: 'Failed to update message' },
  },
  delete: {
    changes: { isDeleted: true },
    outcome: { success: 'Message deleted', failure: 'Failed to delete message' },
  },
} satisfies Record<string, { changes: MutationArgs<'updateMessageFlags'>['changes']; outcome: Outcome }>;
export type MessageFlagChange = keyof typeof FLAG_CHANGES;

/** Sends a message (the caller picks its id, to show it once sent); true when queued. */
export function useSendMessage() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'sendMessage'>) =>
    mutate('sendMessage', args, { ...SEND, saved: `Your message “${args.subject}”` });
}

/** Marks a message read. Reading is not worth a toast; a refusal lands in the sync indicator's needs-attention list. */
export function useMarkMessageRead() {
  const { engine } = useSync();
  return (id: string) =>
    void engine.mutate('markMessageRead', { id }).then(
      () => engine.sync(),
      () => undefined,
    );
}

/** Stars, archives or deletes a message for the signed-in user (or undoes a star or an archive); true when queued. */
export function useChangeMessageFlag() {
  const { mutate } = useWriter();
  return (id: string, change: MessageFlagChange) =>
    mutate('updateMessageFlags', { id, changes: FLAG_CHANGES[change].changes }, FLAG_CHANGES[change].outcome);
}

/** A preceptor's sign-off (mutation `signOff`, sync/client/mutators.ts), with its toasts. */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useWriter } from '../write.ts';

/** Queues a sign-off the caller has hashed and chained (web/features/sign-offs/device-chain.ts); true when queued. */
export function useSignOff() {
  const { mutate } = useWriter();
  return (args: MutationArgs<'signOff'>) =>
    mutate('signOff', args, { success: 'Sign-off saved', failure: 'Failed to save the sign-off' });
}

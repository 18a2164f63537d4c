/** The fire task book's writes (sync/client/mutators/task-book.ts), queued offline with their toasts. */
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useWriter } from '../write.ts';

export function useTaskBookWrites() {
  const { mutate } = useWriter();
  return {
    start: (args: MutationArgs<'startTaskBook'>) =>
      mutate('startTaskBook', args, { success: 'Task book started', failure: 'Could not start the task book' }),
    signJpr: (args: MutationArgs<'signJpr'>) =>
      mutate('signJpr', args, { success: 'JPR signed', failure: 'The JPR was not signed' }),
    verify: (args: MutationArgs<'verifyTaskBook'>) =>
      mutate('verifyTaskBook', args, { success: 'Task book verified', failure: 'The book was not verified' }),
    certify: (args: MutationArgs<'certifyTaskBook'>) =>
      mutate('certifyTaskBook', args, { success: 'Task book certified', failure: 'The book was not certified' }),
  };
}

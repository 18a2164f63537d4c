/**
 * Writes of the police Daily Observation Report (mutations saveDor, signDor in sync/client/mutators/dor.ts), queued on
 * the device so an FTO can write and complete a report in a patrol car with no signal.
 */
import type { DorPhase } from '#schema/dor.ts';
import type { MutationArgs } from '#sync/client/mutators.ts';

import { useQueue, useWriter } from '../write.ts';

const STEP_DONE: Record<DorPhase, string> = {
  complete: 'Report completed',
  acknowledge: 'Report acknowledged',
  review: 'Report reviewed',
};

/** Saves the fields the user changed, stamped now (the later save of each field wins on every device). */
export function useSaveDor() {
  const { mutate } = useWriter();
  const { stamp } = useQueue();
  return async (args: Omit<MutationArgs<'saveDor'>, 'stamp'>): Promise<boolean> =>
    mutate(
      'saveDor',
      { ...args, stamp: await stamp() },
      {
        success: 'Report saved',
        saved: `Daily Observation Report of ${args.date}`,
        failure: 'Error',
        failureDescription: 'Failed to save the report',
      },
    );
}

/** Signs one step of a report (complete, acknowledge, review), affirmed, at the time of signing. */
export function useSignDor() {
  const { mutate } = useWriter();
  return (args: Omit<MutationArgs<'signDor'>, 'signedAt'>): Promise<boolean> =>
    mutate(
      'signDor',
      { ...args, signedAt: new Date().toISOString() },
      {
        success: STEP_DONE[args.phase],
        saved: STEP_DONE[args.phase],
        failure: 'Error',
        failureDescription: 'Failed to sign the report',
      },
    );
}

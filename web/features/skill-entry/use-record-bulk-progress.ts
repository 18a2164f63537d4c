/** Bulk entry's write: one skill for several students (mutation `recordSkillProgress`, once per student), with its toasts. */
import { toast } from 'sonner';
import type { MutationArgs } from '../../../sync/client/mutators.ts';
import { useSync } from '../../lib/sync.tsx';
import { bulkSuccessText } from './bulk-entry.ts';

/**
 * Each student's record is queued on its own; one toast says how many were recorded and one how many were not; then
 * they are sent when there is signal. Resolves to how many were recorded.
 */
export function useRecordBulkProgress() {
  const { engine } = useSync();
  return async (all: readonly MutationArgs<'recordSkillProgress'>[]): Promise<number> => {
    let recorded = 0;
    for (const args of all) {
      try {
        await engine.mutate('recordSkillProgress', args);
        recorded++;
      } catch {
        // counted below: the toast says how many were not recorded
      }
    }
    if (recorded > 0) toast.success('Success', { description: bulkSuccessText(recorded) });
    if (recorded < all.length)
      toast.error('Error', {
        description: `Failed to update skill progress for ${all.length - recorded} of ${all.length} students`,
      });
    // send now when there is signal; a failed round is already shown by the sync indicator and retried
    void engine.sync().catch(() => undefined);
    return recorded;
  };
}

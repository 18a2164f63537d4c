/** Writes of skill progress (mutation `recordSkillProgress`, sync/client/mutators.ts), with their toasts; bulk entry's is skill-entry/use-record-bulk-progress.ts. */
import { toast } from 'sonner';
import type { MutationArgs } from '../../../sync/client/mutators.ts';
import { useSync } from '../sync.tsx';

/** One student's progress on one skill, queued on the device; true when queued. */
export function useRecordSkillProgress() {
  const { engine } = useSync();
  return async (args: MutationArgs<'recordSkillProgress'>): Promise<boolean> => {
    try {
      await engine.mutate('recordSkillProgress', args);
    } catch {
      toast.error('Error', { description: 'Failed to update skill progress' });
      return false;
    }
    toast.success('Success', { description: 'Skill progress updated successfully' });
    return true;
  };
}

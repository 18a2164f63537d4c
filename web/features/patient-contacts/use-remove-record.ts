/**
 * Removing a patient contact or an hours entry logged by mistake, queued on the device so it works offline. A contact
 * takes with it the skill attempts logged with it (each voided with a reason, as the contact form logged them), so a
 * contact entered twice leaves no attempt counted twice.
 */
import { toast } from '../../lib/ui/toasts.tsx';
import { useSync } from '../../lib/sync.tsx';
import { toastQueued } from '../../lib/write.ts';

export const CONTACT_REMOVED_REASON = 'Its patient contact was removed';

export type RemovableEntry =
  { kind: 'contact'; id: string; attemptIds: readonly string[] } | { kind: 'hours'; id: string };

const WORDS = {
  contact: { noun: 'patient contact', removed: 'Patient contact removed' },
  hours: { noun: 'hours', removed: 'Hours removed' },
} as const;

export function useRemoveRecord() {
  const { engine } = useSync();
  return async (entry: RemovableEntry, what: string, reason: string): Promise<boolean> => {
    const { noun, removed } = WORDS[entry.kind];
    try {
      if (entry.kind === 'hours') await engine.mutate('deleteClinicalHours', { id: entry.id, reason });
      else {
        for (const attemptId of entry.attemptIds)
          await engine.mutate('voidSkillAttempt', {
            id: crypto.randomUUID(),
            attemptId,
            reason: `${CONTACT_REMOVED_REASON}: ${reason}`,
          });
        await engine.mutate('deletePatientContact', { id: entry.id, reason });
      }
    } catch {
      toast.error('Error', { description: `Failed to remove the ${noun}` });
      return false;
    }
    toastQueued(removed, `${what} (${reason})`, {
      saved: `Removal of the ${noun} ${what} (${reason})`,
    });
    return true;
  };
}

/**
 * Bulk entry's writes: one logSkillAttempt per student and, where the session's status raises a student's current
 * one, an editSkillAssessment for it (never one that would lower it). Queued on the device; one toast each for what
 * was and was not logged. Resolves to how many students were logged.
 */
import { toast } from '../../lib/ui/toasts.tsx';
import type { SkillStatus } from '../../../schema/enums.ts';
import type { MutationArgs } from '../../../sync/client/mutators.ts';
import { useSync } from '../../lib/sync.tsx';
import { toastQueued } from '../../lib/write.ts';
import { bulkSavedText, bulkStatusText, bulkSuccessText } from './bulk-entry.ts';
import { plural } from '../../lib/format.ts';

export interface BulkStudentWrite {
  attempt: MutationArgs<'logSkillAttempt'>;
  /** Set only when it raises the student's current status. */
  raiseTo?: SkillStatus;
}

export function useLogBulkAttempts() {
  const { engine } = useSync();
  /** `status`: the session's chosen status, if any (the toast says who got it and who kept a higher one). */
  return async (all: readonly BulkStudentWrite[], status?: SkillStatus): Promise<number> => {
    let logged = 0;
    let raised = 0;
    for (const { attempt, raiseTo } of all) {
      try {
        await engine.mutate('logSkillAttempt', attempt);
        if (raiseTo) {
          await engine.mutate('editSkillAssessment', {
            studentId: attempt.studentId,
            skillId: attempt.skillId,
            stamp: await engine.stamp(),
            changes: { statusOverride: raiseTo },
          });
          raised++;
        }
        logged++;
      } catch {
        // counted below: the toast says how many were not logged
      }
    }
    if (logged > 0) {
      const statusText = status ? bulkStatusText(status, raised, logged) : null;
      const join = (first: string) => [first, statusText].filter(Boolean).join('. ');
      toastQueued('Success', join(bulkSuccessText(logged)), { saved: join(bulkSavedText(logged)) });
    }
    if (logged < all.length)
      toast.error('Error', {
        description: `Failed to log the attempt for ${all.length - logged} of ${plural(all.length, 'student')}`,
      });
    void engine.sync().catch(() => undefined);
    return logged;
  };
}

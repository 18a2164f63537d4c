/**
 * Writes of the skill evidence log (mutations logSkillAttempt, voidSkillAttempt, editSkillAssessment in
 * sync/client/mutators.ts), queued on the device so they work offline, with their toasts. One hook per write.
 */
import { toast } from '../ui/toasts.tsx';
import { ASSESSMENT_FIELD_LABELS, ATTEMPT_OUTCOME_LABELS, ATTEMPT_SETTING_LABELS } from '../../../schema/enums.ts';
import type { AssessmentField } from '../../../schema/assessment-fields.ts';
import type { MutationArgs } from '../../../sync/client/mutators.ts';
import { useSync } from '../sync.tsx';
import { toastQueued } from '../write.ts';

/** How long the toast after a one-tap attempt offers Undo. */
const UNDO_MS = 6000;
export const UNDO_REASON = 'Undone right after logging';

/** Logs one attempt; the toast offers Undo (which voids it) for a few seconds. Answers the attempt's id, or null. */
export function useLogAttempt() {
  const { engine } = useSync();
  const voidAttempt = useVoidAttempt();
  return async (args: MutationArgs<'logSkillAttempt'>, what: string): Promise<string | null> => {
    const id = args.id ?? crypto.randomUUID();
    try {
      await engine.mutate('logSkillAttempt', { ...args, id });
    } catch {
      toast.error('Error', { description: 'Failed to log the attempt' });
      return null;
    }
    const attempt = `${ATTEMPT_OUTCOME_LABELS[args.outcome]} attempt`;
    const detail = `${what} · ${ATTEMPT_SETTING_LABELS[args.setting]}`;
    toastQueued(`${attempt} logged`, detail, {
      saved: `${attempt}: ${detail}`,
      duration: UNDO_MS,
      action: { label: 'Undo', onClick: () => void voidAttempt(id, UNDO_REASON) },
    });
    return id;
  };
}

/** Takes an attempt out of the figures with a reason (the attempt stays in the history). */
export function useVoidAttempt() {
  const { engine } = useSync();
  return async (attemptId: string, reason: string): Promise<boolean> => {
    try {
      await engine.mutate('voidSkillAttempt', { id: crypto.randomUUID(), attemptId, reason });
    } catch {
      toast.error('Error', { description: 'Failed to void the attempt' });
      return false;
    }
    toastQueued('Attempt voided', reason, { saved: `Void of the attempt (${reason})` });
    return true;
  };
}

/** Saves the judgement fields the user changed, stamped now (the later save wins on every device). */
export function useEditAssessment() {
  const { engine } = useSync();
  return async (args: Omit<MutationArgs<'editSkillAssessment'>, 'stamp' | 'id'>): Promise<boolean> => {
    try {
      await engine.mutate('editSkillAssessment', { ...args, stamp: await engine.stamp() });
    } catch {
      toast.error('Error', { description: 'Failed to update skill progress' });
      return false;
    }
    const fields = Object.keys(args.changes).map((f) => ASSESSMENT_FIELD_LABELS[f as AssessmentField]);
    toastQueued('Success', 'Skill progress updated successfully', { saved: `Skill progress: ${fields.join(', ')}` });
    return true;
  };
}

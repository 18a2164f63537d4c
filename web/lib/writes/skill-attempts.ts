/**
 * Writes of the skill evidence log (mutations logSkillAttempt, voidSkillAttempt, editSkillAssessment in
 * sync/client/mutators.ts), queued on the device so they work offline, with their toasts. One hook per write.
 */
import type { AssessmentField } from '#schema/assessment-fields.ts';
import {
  ASSESSMENT_FIELD_LABELS,
  ATTEMPT_OUTCOME_LABELS,
  ATTEMPT_SETTING_LABELS,
  type SkillStatus,
} from '#schema/enums.ts';
import type { MutationArgs } from '#sync/client/mutators.ts';

import { plural } from '../format.ts';
import { toast } from '../ui/toasts.tsx';
import { toastQueued, useQueue, useWriter } from '../write.ts';

/** How long the toast after a one-tap attempt offers Undo. */
const UNDO_MS = 6000;
export const UNDO_REASON = 'Undone right after logging';

/** Logs one attempt; the toast offers Undo (which voids it) for a few seconds. Answers the attempt's id, or null. */
export function useLogAttempt() {
  const { mutate } = useWriter();
  const voidAttempt = useVoidAttempt();
  return async (args: MutationArgs<'logSkillAttempt'>, what: string): Promise<string | null> => {
    const id = args.id ?? crypto.randomUUID();
    const attempt = `${ATTEMPT_OUTCOME_LABELS[args.outcome]} attempt`;
    const detail = `${what} · ${ATTEMPT_SETTING_LABELS[args.setting]}`;
    const queued = await mutate(
      'logSkillAttempt',
      { ...args, id },
      { success: `${attempt} logged`, successDescription: detail, saved: `${attempt}: ${detail}`, ...LOG_FAILED },
      { duration: UNDO_MS, action: { label: 'Undo', onClick: () => void voidAttempt(id, UNDO_REASON) } },
    );
    return queued ? id : null;
  };
}

const LOG_FAILED = { failure: 'Error', failureDescription: 'Failed to log the attempt' };

/** Takes an attempt out of the figures with a reason (the attempt stays in the history). */
export function useVoidAttempt() {
  const { mutate } = useWriter();
  return (attemptId: string, reason: string): Promise<boolean> =>
    mutate(
      'voidSkillAttempt',
      { id: crypto.randomUUID(), attemptId, reason },
      {
        success: 'Attempt voided',
        successDescription: reason,
        saved: `Void of the attempt (${reason})`,
        failure: 'Error',
        failureDescription: 'Failed to void the attempt',
      },
    );
}

/** Saves the judgement fields the user changed, stamped now (the later save wins on every device). */
export function useEditAssessment() {
  const { mutate } = useWriter();
  const { stamp } = useQueue();
  return async (args: Omit<MutationArgs<'editSkillAssessment'>, 'stamp' | 'id'>): Promise<boolean> => {
    const fields = Object.keys(args.changes).map((f) => ASSESSMENT_FIELD_LABELS[f as AssessmentField]);
    return mutate(
      'editSkillAssessment',
      { ...args, stamp: await stamp() },
      {
        success: 'Success',
        successDescription: 'Skill progress updated successfully',
        saved: `Skill progress: ${fields.join(', ')}`,
        failure: 'Error',
        failureDescription: 'Failed to update skill progress',
      },
    );
  };
}

export interface BulkStudentWrite {
  attempt: MutationArgs<'logSkillAttempt'>;
  /** Set only when it raises the student's current status. */
  raiseTo?: SkillStatus;
}

/** What bulk entry's toast says, from how many students were logged and how many of them got the raised status. */
export interface BulkTexts {
  success: (logged: number, raised: number) => string;
  saved: (logged: number, raised: number) => string;
}

/**
 * Bulk entry: one logSkillAttempt per student and, where `raiseTo` is set, an editSkillAssessment raising the
 * student's status. One toast for those logged, one for those that were not. Resolves to how many were logged.
 */
export function useLogBulkAttempts() {
  const { queue, send, stamp } = useQueue();
  return async (all: readonly BulkStudentWrite[], texts: BulkTexts): Promise<number> => {
    const queued: number[] = [];
    let logged = 0;
    let raised = 0;
    for (const { attempt, raiseTo } of all) {
      try {
        queued.push(await queue('logSkillAttempt', attempt));
        if (raiseTo) {
          const changes = { statusOverride: raiseTo };
          const { studentId, skillId } = attempt;
          queued.push(await queue('editSkillAssessment', { studentId, skillId, stamp: await stamp(), changes }));
          raised++;
        }
        logged++;
      } catch {
        // counted below: the toast says how many were not logged
      }
    }
    if (logged > 0) toastQueued('Success', texts.success(logged, raised), { saved: texts.saved(logged, raised) });
    if (logged < all.length)
      toast.error('Error', {
        description: `Failed to log the attempt for ${all.length - logged} of ${plural(all.length, 'student')}`,
      });
    send(queued, LOG_FAILED);
    return logged;
  };
}

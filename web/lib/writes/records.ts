/**
 * Writes of patient contacts and hours (mutations logPatientContact, deletePatientContact, logClinicalHours,
 * deleteClinicalHours in sync/client/mutators.ts), queued on the device so they work offline, with their toasts.
 */
import type { z } from 'zod';

import type { clinicalHoursSchema } from '#schema/clinical-hours.ts';
import { type AttemptOutcome, HOUR_TYPE_LABELS } from '#schema/enums.ts';
import type { MutationArgs } from '#sync/client/mutators.ts';

import { formatDate, plural } from '../format.ts';
import { toast } from '../ui/toasts.tsx';
import { toastQueued, useQueue, useWriter } from '../write.ts';

export const CONTACT_REMOVED_REASON = 'Its patient contact was removed';

/** Logs a student's hours; the caller has checked the day's limit against the hours the device holds. */
export function useLogHours() {
  const { mutate } = useWriter();
  return (args: z.output<typeof clinicalHoursSchema>): Promise<boolean> => {
    const hours = `${plural(args.hoursCompleted, `${HOUR_TYPE_LABELS[args.hourType].toLowerCase()} hour`)} on ${formatDate(args.date)}`;
    return mutate('logClinicalHours', args, {
      success: 'Hours logged',
      successDescription: hours,
      saved: hours,
      failure: 'Error',
      failureDescription: 'Failed to log the hours',
    });
  };
}

/**
 * Logging a patient contact: the contact, then one attempt per skill performed on them (naming the contact, at its
 * date, setting and site).
 */
export function useLogContact() {
  const { queue, send } = useQueue();
  return async (
    contact: MutationArgs<'logPatientContact'>,
    skills: readonly { skillId: string; outcome: AttemptOutcome }[],
  ): Promise<boolean> => {
    const failed = { failure: 'Error', failureDescription: 'Failed to log the patient contact' };
    const id = contact.id ?? crypto.randomUUID();
    const queued: number[] = [];
    try {
      queued.push(await queue('logPatientContact', { ...contact, id }));
      for (const { skillId, outcome } of skills.filter((s) => s.skillId)) {
        queued.push(
          await queue('logSkillAttempt', {
            studentId: contact.studentId,
            skillId,
            outcome,
            attemptedAt: new Date(`${contact.date}T12:00:00`).toISOString(),
            setting: contact.setting,
            clinicalSiteId: contact.clinicalSiteId,
            patientContactId: id,
          }),
        );
      }
    } catch {
      toast.error(failed.failure, { description: failed.failureDescription });
      send(queued, failed);
      return false;
    }
    const performed = skills.length ? `${plural(skills.length, 'skill')} performed` : '';
    toastQueued('Patient contact logged', performed ? `With ${performed}` : undefined, {
      saved: `Patient contact of ${formatDate(contact.date)}${performed ? ` with ${performed}` : ''}`,
    });
    send(queued, failed);
    return true;
  };
}

export type RemovableEntry =
  { kind: 'contact'; id: string; attemptIds: readonly string[] } | { kind: 'hours'; id: string };

const WORDS = {
  contact: { noun: 'patient contact', removed: 'Patient contact removed' },
  hours: { noun: 'hours', removed: 'Hours removed' },
} as const;

/**
 * Removing a patient contact or an hours entry logged by mistake. A contact takes with it the skill attempts logged
 * with it (each voided with a reason, as the contact form logged them), so a contact entered twice leaves no attempt
 * counted twice.
 */
export function useRemoveRecord() {
  const { queue, send } = useQueue();
  return async (entry: RemovableEntry, what: string, reason: string): Promise<boolean> => {
    const { noun, removed } = WORDS[entry.kind];
    const failed = { failure: 'Error', failureDescription: `Failed to remove the ${noun}` };
    const queued: number[] = [];
    try {
      if (entry.kind === 'hours') queued.push(await queue('deleteClinicalHours', { id: entry.id, reason }));
      else {
        for (const attemptId of entry.attemptIds)
          queued.push(
            await queue('voidSkillAttempt', {
              id: crypto.randomUUID(),
              attemptId,
              reason: `${CONTACT_REMOVED_REASON}: ${reason}`,
            }),
          );
        queued.push(await queue('deletePatientContact', { id: entry.id, reason }));
      }
    } catch {
      toast.error(failed.failure, { description: failed.failureDescription });
      send(queued, failed);
      return false;
    }
    toastQueued(removed, `${what} (${reason})`, { saved: `Removal of the ${noun} ${what} (${reason})` });
    send(queued, failed);
    return true;
  };
}

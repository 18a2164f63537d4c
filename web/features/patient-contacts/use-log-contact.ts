/**
 * Logging a patient contact: the contact, then one attempt per skill performed on them (naming the contact, at its
 * date, setting and site), each queued on the device.
 */
import { toast } from '../../lib/ui/toasts.tsx';
import type { AttemptOutcome } from '../../../schema/enums.ts';
import type { MutationArgs } from '../../../sync/client/mutators.ts';
import { formatDate, plural } from '../../lib/format.ts';
import { useSync } from '../../lib/sync.tsx';
import { toastQueued } from '../../lib/write.ts';

export function useLogContact() {
  const { engine } = useSync();
  return async (
    contact: MutationArgs<'logPatientContact'>,
    skills: readonly { skillId: string; outcome: AttemptOutcome }[],
  ): Promise<boolean> => {
    const id = contact.id ?? crypto.randomUUID();
    try {
      await engine.mutate('logPatientContact', { ...contact, id });
      for (const { skillId, outcome } of skills.filter((s) => s.skillId)) {
        await engine.mutate('logSkillAttempt', {
          studentId: contact.studentId,
          skillId,
          outcome,
          attemptedAt: new Date(`${contact.date}T12:00:00`).toISOString(),
          setting: contact.setting,
          clinicalSiteId: contact.clinicalSiteId,
          patientContactId: id,
        });
      }
    } catch {
      toast.error('Error', { description: 'Failed to log the patient contact' });
      return false;
    }
    const performed = skills.length ? `${plural(skills.length, 'skill')} performed` : '';
    toastQueued('Patient contact logged', performed ? `With ${performed}` : undefined, {
      saved: `Patient contact of ${formatDate(contact.date)}${performed ? ` with ${performed}` : ''}`,
    });
    return true;
  };
}

import { useRows, useRowsWhere } from '#web/lib/data.ts';
import { useSync } from '#web/lib/sync.tsx';
import { useSignOff } from '#web/lib/writes/sign-offs.ts';

import { captureSignOff, type SignOffInput } from './device-chain.ts';
import { signableRecords } from './sign-off-rules.ts';

/**
 * A student's records that still need a preceptor's word, and `submit`, which freezes the chosen ones, hashes them
 * and the preceptor's word, links the sign-off to this device's previous one and queues it (offline too).
 */
export function useRequestSignOff(studentId: string, userId: string) {
  const { db } = useSync();
  const signOff = useSignOff();
  const attempts = useRowsWhere('skillAttempts', 'studentId', studentId);
  const contacts = useRowsWhere('patientContacts', 'studentId', studentId);
  const hours = useRowsWhere('clinicalHours', 'studentId', studentId);
  const signOffs = useRowsWhere('signOffs', 'studentId', studentId);
  const voids = useRows('skillAttemptVoids');
  const skills = useRows('skills');
  const rows =
    attempts && contacts && hours && signOffs && voids && skills
      ? { attempts, contacts, hours, signOffs, voids, skills }
      : undefined;

  async function submit(input: SignOffInput): Promise<boolean> {
    if (!rows) return false;
    return captureSignOff(db, rows, studentId, input, signOff);
  }

  return { records: rows ? signableRecords(rows, studentId, userId) : undefined, signOffs, submit };
}

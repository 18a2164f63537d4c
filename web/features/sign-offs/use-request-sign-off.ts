import { signOffContent } from '../../../schema/sign-off.ts';
import type { SignOffArgs } from '../../../schema/sign-off-schema.ts';
import { useRows, useRowsWhere } from '../../lib/data.ts';
import { useSync } from '../../lib/sync.tsx';
import { useWriter } from '../../lib/write.ts';
import { contentOf, sha256Hex, signableRecords } from './sign-off-rules.ts';

/** This device's sign-off chain: its id and the hash of the last sign-off captured on it. */
const DEVICE_KEY = 'signOffDeviceId';
const HEAD_KEY = 'signOffChainHead';

export type SignOffInput = Pick<
  SignOffArgs,
  'records' | 'preceptor' | 'evaluation' | 'teamLeadScores' | 'signature' | 'cosignCode'
>;

/**
 * A student's records that still need a preceptor's word, and `submit`, which freezes the chosen ones, hashes them
 * and the preceptor's word, links the sign-off to this device's previous one and queues it (offline too).
 */
export function useRequestSignOff(studentId: string, userId: string) {
  const { db } = useSync();
  const { mutate } = useWriter();
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
    let deviceId = await db.getMeta<string>(DEVICE_KEY);
    if (!deviceId) {
      deviceId = crypto.randomUUID();
      await db.setMeta(DEVICE_KEY, deviceId);
    }
    const args = {
      ...input,
      id: crypto.randomUUID(),
      studentId,
      contentHash: await sha256Hex(contentOf(rows, studentId, input.records)),
      previousHash: (await db.getMeta<string>(HEAD_KEY)) ?? null,
      deviceId,
      capturedAt: new Date().toISOString(),
      attested: true as const,
    };
    const hash = await sha256Hex(signOffContent(args));
    const saved = await mutate(
      'signOff',
      { ...args, hash },
      { success: 'Sign-off saved', failure: 'Failed to save the sign-off' },
    );
    if (saved) await db.setMeta(HEAD_KEY, hash);
    return saved;
  }

  return { records: rows ? signableRecords(rows, studentId, userId) : undefined, signOffs, submit };
}

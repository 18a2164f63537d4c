/**
 * This device's sign-off chain: each sign-off carries the hash of the one captured on this device before it, so one
 * deleted later leaves a gap the server flags ("Device chain broken"). A sign-off the server refused was never stored
 * there: the next one must name the last one before it that was not refused, or a genuine sign-off is flagged.
 *
 * The device keeps the hash of the newest sign-off the server stored, and the ones captured since. Whether one of those
 * was refused is read when the next is captured: a refusal may be discarded from the needs-attention list, and a
 * refused one may be sent again, so only the outbox, the refusals and the stored rows at that moment say which stands.
 */
import { signOffContent } from '#schema/sign-off.ts';
import type { SignOffArgs } from '#schema/sign-off-schema.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { entityKey } from '#web/lib/sync-client.ts';

import { contentOf, sha256Hex, type SignOffRows } from './sign-off-rules.ts';

const DEVICE_KEY = 'signOffDeviceId';
/** The hash of the newest sign-off of this device the server stored (before the links below). */
const HEAD_KEY = 'signOffChainHead';
/** The sign-offs captured on this device since that one, oldest first. */
const LINKS_KEY = 'signOffChainLinks';

interface ChainLink {
  id: string;
  hash: string;
}

type Fate = 'queued' | 'refused' | 'stored';

async function fateOf(db: TrainingDb, link: ChainLink): Promise<Fate> {
  if ((await db.outbox.where('entityKeys').equals(entityKey('signOffs', link.id)).count()) > 0) return 'queued';
  const refusal = await db.rejected
    .filter((r) => r.name === 'signOff' && (r.args as { id?: string }).id === link.id)
    .count();
  // a refused sign-off's row leaves the device at the next pull; a stored one stays
  return refusal === 0 && (await db.domain('signOffs').get(link.id)) ? 'stored' : 'refused';
}

/** This device's id and the hash the next sign-off names as its previous one (null for the device's first). */
function nextChainLink(db: TrainingDb): Promise<{ deviceId: string; previousHash: string | null }> {
  return db.transaction('rw', [db.meta, db.outbox, db.rejected, db.domain('signOffs')], async () => {
    let deviceId = await db.getMeta<string>(DEVICE_KEY);
    if (!deviceId) {
      deviceId = crypto.randomUUID();
      await db.setMeta(DEVICE_KEY, deviceId);
    }
    const links = (await db.getMeta<ChainLink[]>(LINKS_KEY)) ?? [];
    const fates: Fate[] = [];
    for (const link of links) fates.push(await fateOf(db, link));
    // the newest stored one is the head for good: nothing before it can be named again
    const stored = fates.lastIndexOf('stored');
    if (stored >= 0) {
      await db.setMeta(HEAD_KEY, links[stored].hash);
      await db.setMeta(LINKS_KEY, links.slice(stored + 1));
    }
    const queued = links.findLastIndex((_, i) => i > stored && fates[i] === 'queued');
    const previousHash = queued >= 0 ? links[queued].hash : ((await db.getMeta<string>(HEAD_KEY)) ?? null);
    return { deviceId, previousHash };
  });
}

/** Notes a sign-off captured on this device: the next one names it while it is not refused. */
async function noteChainLink(db: TrainingDb, link: ChainLink) {
  await db.transaction('rw', db.meta, async () => {
    const links = (await db.getMeta<ChainLink[]>(LINKS_KEY)) ?? [];
    await db.setMeta(LINKS_KEY, [...links, link]);
  });
}

export type SignOffInput = Pick<
  SignOffArgs,
  'records' | 'preceptor' | 'evaluation' | 'teamLeadScores' | 'signature' | 'cosignCode'
>;

/**
 * Freezes the chosen records and hashes them and the preceptor's word, links the sign-off to this device's previous
 * one and queues it (offline too). Noted in the chain before it is queued: one that fails to queue counts as refused,
 * while one queued but not noted (the tab closed between) would leave the next naming the one before it.
 */
export async function captureSignOff(
  db: TrainingDb,
  rows: SignOffRows,
  studentId: string,
  input: SignOffInput,
  queue: (args: SignOffArgs) => Promise<boolean>,
): Promise<boolean> {
  const args = {
    ...input,
    id: crypto.randomUUID(),
    studentId,
    contentHash: await sha256Hex(contentOf(rows, studentId, input.records)),
    ...(await nextChainLink(db)),
    capturedAt: new Date().toISOString(),
    attested: true as const,
  };
  const hash = await sha256Hex(signOffContent(args));
  await noteChainLink(db, { id: args.id, hash });
  return queue({ ...args, hash });
}

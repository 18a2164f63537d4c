/**
 * Reports and exports a screen builds from this device's records (CSV files) are documents a program files. Built
 * while a first sync is still bringing the records, or after one that lost signal, they would leave records out with
 * nothing to say so; the sync row's "Figures partial" does not travel with the file. Until the records are all here
 * the download is refused with the reason, and nothing is downloaded.
 */
import { partialRecordsNotice } from '#schema/messages.ts';
import type { TrainingDb } from '#sync/client/db.ts';
import { receivedPercent, snapshotProgress } from '#sync/client/status.ts';
import type { Cookie } from '#sync/protocol.ts';

import { useSync } from './sync.tsx';
import { toast } from './ui/toasts.tsx';

/** How much of the user's records this device holds, in percent; null once it holds them all (a sync went through). */
async function recordsMissing(db: TrainingDb): Promise<number | null> {
  const cookie = await db.getMeta<Cookie>('cookie');
  if (!cookie) return 0;
  const { snapshot } = cookie;
  return snapshot ? receivedPercent(snapshotProgress(snapshot)) : null;
}

/** Runs `download` once the device holds all the user's records; otherwise says why not. True when it ran. */
export function useDeviceDownload(): (download: () => unknown) => Promise<boolean> {
  const { db } = useSync();
  return async (download) => {
    const percent = await recordsMissing(db);
    if (percent !== null) {
      const notice = partialRecordsNotice(percent);
      toast.error(notice.title, { description: notice.text });
      return false;
    }
    await download();
    return true;
  };
}

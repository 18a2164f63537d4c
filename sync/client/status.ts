/** What the sync indicator shows, as one query over the device database (use it with Dexie's liveQuery). */
import type { TrainingDb } from './db.ts';
import type { SyncStatus } from './engine.ts';

export interface SyncOverview extends SyncStatus {
  pending: number;
  needsAttention: number;
}

export async function syncOverview(db: TrainingDb): Promise<SyncOverview> {
  const status = (await db.getMeta<SyncStatus>('status')) ?? { phase: 'idle', lastSyncedAt: null, error: null };
  return { ...status, pending: await db.outbox.count(), needsAttention: await db.rejected.count() };
}

/** Records with changes on this device that the server has not acknowledged yet, by their keys (entity-keys.ts). */
export async function pendingEntityKeys(db: TrainingDb): Promise<Set<string>> {
  return new Set((await db.outbox.toArray()).flatMap((e) => e.entityKeys));
}

/** What the sync indicator shows, as one query over the device database (use it with Dexie's liveQuery). */
import type { Cookie, SnapshotCursor } from '../protocol.ts';
import type { TrainingDb } from './db.ts';
import type { SyncPhase, SyncStatus } from './engine.ts';

/** Phases in which the engine has stopped and waits (no signal, asked to wait, refused): no page is on its way. */
export const STOPPED_PHASES: ReadonlySet<SyncPhase> = new Set([
  'paused',
  'offline',
  'error',
  'signed-out',
  'update-required',
]);

export interface SyncOverview extends SyncStatus {
  pending: number;
  needsAttention: number;
  /**
   * While a first sync is under way, or was cut off (`stopped`): records received so far of those it will bring. The
   * figures the screens show count only those until the rest arrives.
   */
  firstSync: { received: number; total: number; stopped: boolean } | null;
}

/** How far a first sync has come, from its cursor: the records received of those it will bring. */
export const snapshotProgress = (snapshot: SnapshotCursor) => ({
  received: snapshot.sent,
  total: Math.max(snapshot.total, snapshot.sent),
});

/** A first sync's progress in whole percent (100 when it brings nothing). */
export const receivedPercent = ({ received, total }: { received: number; total: number }) =>
  total === 0 ? 100 : Math.floor((received / total) * 100);

export async function syncOverview(db: TrainingDb): Promise<SyncOverview> {
  const status = (await db.getMeta<SyncStatus>('status')) ?? { phase: 'idle', lastSyncedAt: null, error: null };
  const snapshot = (await db.getMeta<Cookie>('cookie'))?.snapshot;
  return {
    ...status,
    pending: await db.outbox.count(),
    needsAttention: await db.rejected.count(),
    firstSync: snapshot ? { ...snapshotProgress(snapshot), stopped: STOPPED_PHASES.has(status.phase) } : null,
  };
}

/** Records with changes on this device that the server has not acknowledged yet, by their keys (entity-keys.ts). */
export async function pendingEntityKeys(db: TrainingDb): Promise<Set<string>> {
  return new Set((await db.outbox.toArray()).flatMap((e) => e.entityKeys));
}

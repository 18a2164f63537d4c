/**
 * The signed-in user's device database and sync engine, started once per user. Screens read with Dexie live
 * queries and write through the hooks of web/lib/writes/ (which queue on this engine), so they work with no signal.
 */
import Dexie, { liveQuery } from 'dexie';
import {
  createContext,
  type ReactNode,
  type RefObject,
  startTransition,
  useContext,
  useEffect,
  useRef,
  useState,
} from 'react';

import { databaseName, TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import { startSyncTriggers } from '#sync/client/triggers.ts';
import type { Cookie } from '#sync/protocol.ts';

import { FirstSyncDrawing } from './live-query.ts';
import { sessionEnded } from './session.tsx';

export { preloadWrites } from '#sync/client/engine.ts';

// Dexie turns on debugging aids (a console task for every table call, query warnings) on a page served from localhost
// or 127.0.0.1, as `npm start` and the benches are: a built app runs as it does on any other address, so the benches
// measure what a phone runs.
if (import.meta.env.PROD) Dexie.debug = false;

interface SyncContextValue {
  db: TrainingDb;
  engine: SyncEngine;
}

const SyncContext = createContext<SyncContextValue | null>(null);

export function SyncProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [value, setValue] = useState<SyncContextValue | null>(null);
  useEffect(() => {
    const db = new TrainingDb(databaseName(userId));
    const engine = new SyncEngine({ db, userId, onSignedOut: sessionEnded });
    const stop = startSyncTriggers(engine);
    const onWorkerMessage = (e: MessageEvent) => e.data === 'sync' && void engine.sync();
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    void navigator.storage?.persist?.();
    // made and closed by this effect as a pair (StrictMode runs it twice); state hands them to render, which draws the
    // signed-in screens in a transition, in slices (web/main.tsx)
    startTransition(() => setValue({ db, engine }));
    return () => {
      stop();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      db.close();
    };
  }, [userId]);
  const firstSync = useFirstSyncFlag(value?.db);
  return value ? (
    <SyncValueProvider value={value}>
      <FirstSyncDrawing value={firstSync}>{children}</FirstSyncDrawing>
    </SyncValueProvider>
  ) : null;
}

/**
 * How long after its last page the first sync still counts as running: that page rebuilds every student's figures,
 * and the screens' answers to it come after the cookie that says the sync is through.
 */
const FIRST_SYNC_SETTLE_MS = 2000;

/**
 * True while this device has never finished a sync: no cookie yet, or one that says where the next page starts
 * (sync/client/engine.ts `pull`), and for FIRST_SYNC_SETTLE_MS after; true too until the cookie is read. A ref, read by
 * each live query's answer as it comes (web/lib/live-query.ts): as state, each change redrew every screen and ran every
 * query on it again.
 */
function useFirstSyncFlag(db: TrainingDb | undefined): RefObject<boolean> {
  const running = useRef(true);
  useEffect(() => {
    if (!db) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const subscription = liveQuery(async () => {
      const cookie = await db.getMeta<Cookie>('cookie');
      return !cookie || Boolean(cookie.snapshot);
    }).subscribe((next) => {
      clearTimeout(timer);
      if (next) running.current = true;
      else timer = setTimeout(() => (running.current = false), FIRST_SYNC_SETTLE_MS);
    });
    return () => {
      clearTimeout(timer);
      subscription.unsubscribe();
    };
  }, [db]);
  return running;
}

/** Provides a given database and engine (the app's SyncProvider makes them; component tests pass their own). */
export function SyncValueProvider({ value, children }: { value: SyncContextValue; children: ReactNode }) {
  return <SyncContext.Provider value={value}>{children}</SyncContext.Provider>;
}

export function useSync(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSync outside SyncProvider');
  return value;
}

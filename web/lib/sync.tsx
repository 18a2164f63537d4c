/**
 * The signed-in user's device database and sync engine, started once per user. Screens read with Dexie live
 * queries and write through the hooks of web/lib/writes/ (which queue on this engine), so they work with no signal.
 */
import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';

import { databaseName, TrainingDb } from '#sync/client/db.ts';
import { SyncEngine } from '#sync/client/engine.ts';
import { startSyncTriggers } from '#sync/client/triggers.ts';

import { sessionEnded } from './session.tsx';

export { preloadWrites } from '#sync/client/engine.ts';

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
    // eslint-disable-next-line react-hooks/set-state-in-effect -- made and closed by this effect as a pair (StrictMode runs it twice); state hands them to render
    setValue({ db, engine });
    return () => {
      stop();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      db.close();
    };
  }, [userId]);
  return value ? <SyncValueProvider value={value}>{children}</SyncValueProvider> : null;
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

/**
 * The signed-in user's device database and sync engine, started once per user. Screens read with Dexie live
 * queries and write with `engine.mutate`, so they work with no signal.
 */
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { toast } from 'sonner';
import { TrainingDb, databaseName } from '../../sync/client/db.ts';
import { SyncEngine } from '../../sync/client/engine.ts';
import { startSyncTriggers } from '../../sync/client/triggers.ts';
import { forgetUser } from '../features/auth/session.tsx';

interface SyncContextValue {
  db: TrainingDb;
  engine: SyncEngine;
}

const SyncContext = createContext<SyncContextValue | null>(null);
export const LOGIN_REDIRECT_MS = 500;

/** The spec's unauthorised behaviour: a toast, then the sign-in page after 500 ms. Queued changes stay on the device. */
function signedOut() {
  forgetUser();
  toast.error('Unauthorized', { description: 'You are logged out. Logging in again...' });
  setTimeout(() => window.location.assign(`/api/login?next=${encodeURIComponent(location.pathname)}`), LOGIN_REDIRECT_MS);
}

export function SyncProvider({ userId, children }: { userId: string; children: ReactNode }) {
  const [value, setValue] = useState<SyncContextValue | null>(null);
  useEffect(() => {
    const db = new TrainingDb(databaseName(userId));
    const engine = new SyncEngine({ db, userId, onSignedOut: signedOut });
    const stop = startSyncTriggers(engine);
    const onWorkerMessage = (e: MessageEvent) => e.data === 'sync' && void engine.sync();
    navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
    void navigator.storage?.persist?.();
    setValue({ db, engine });
    return () => {
      stop();
      navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
      db.close();
    };
  }, [userId]);
  return value ? <SyncContext.Provider value={value}>{children}</SyncContext.Provider> : null;
}

export function useSync(): SyncContextValue {
  const value = useContext(SyncContext);
  if (!value) throw new Error('useSync outside SyncProvider');
  return value;
}

/**
 * When to sync in the browser: at start, shortly after each local write, when the device comes back online, when the
 * page becomes visible again, and every 30 s while it is visible unless a screen holds those timed pulls
 * (`SyncEngine.holdTimedPulls`, skill entry's Auto-refresh switch). Where the browser has Background Sync (Chromium)
 * a tag is registered too, as a bonus; iOS has none, so the foreground triggers are the real path.
 */
import type { SyncEngine } from './engine.ts';

/** Also the spec's skill-entry auto-refresh period (section 9). */
export const FOREGROUND_PULL_MS = 30_000;
export const WRITE_DEBOUNCE_MS = 300;
const BACKGROUND_SYNC_TAG = 'training-records-sync';

export interface TriggerEnv {
  window: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  document: Pick<Document, 'addEventListener' | 'removeEventListener' | 'visibilityState'>;
  setInterval: typeof setInterval;
  clearInterval: typeof clearInterval;
  setTimeout: typeof setTimeout;
  clearTimeout: typeof clearTimeout;
  registerBackgroundSync?: () => Promise<void>;
}

const browserEnv = (): TriggerEnv => ({
  window,
  document,
  // browsers refuse timer functions called on another object ("Illegal invocation")
  setInterval: globalThis.setInterval.bind(globalThis),
  clearInterval: globalThis.clearInterval.bind(globalThis),
  setTimeout: globalThis.setTimeout.bind(globalThis),
  clearTimeout: globalThis.clearTimeout.bind(globalThis),
  registerBackgroundSync: async () => {
    const registration = await navigator.serviceWorker?.ready;
    await (
      registration as ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }
    )?.sync?.register(BACKGROUND_SYNC_TAG);
  },
});

/** Starts the triggers; returns a function that stops them. */
export function startSyncTriggers(engine: SyncEngine, env: TriggerEnv = browserEnv()): () => void {
  // a round that fails has already recorded why in the sync status; nothing more to do with the rejection here
  const now = () => {
    engine.cancelRetry();
    engine.sync().catch(() => undefined);
  };
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const soon = () => {
    env.clearTimeout(debounce);
    debounce = env.setTimeout(now, WRITE_DEBOUNCE_MS);
    env.registerBackgroundSync?.().catch(() => undefined);
  };
  const whenVisible = () => {
    if (env.document.visibilityState === 'visible') now();
  };
  const creating = () => {
    soon();
  };
  const onTheClock = () => {
    if (!engine.timedPullsHeld) whenVisible();
  };
  engine.db.outbox.hook('creating', creating);
  env.window.addEventListener('online', now);
  env.window.addEventListener('pageshow', now);
  env.document.addEventListener('visibilitychange', whenVisible);
  const interval = env.setInterval(onTheClock, FOREGROUND_PULL_MS);
  now();
  return () => {
    engine.db.outbox.hook('creating').unsubscribe(creating);
    env.window.removeEventListener('online', now);
    env.window.removeEventListener('pageshow', now);
    env.document.removeEventListener('visibilitychange', whenVisible);
    env.clearInterval(interval);
    env.clearTimeout(debounce);
    engine.cancelRetry();
  };
}

/**
 * Whether this device can open the app with no signal: "ready" once the service worker has stored the app (once
 * someone is signed in, the part their role uses), "preparing" (with the share stored so far) until then. The worker takes over once it holds the app shell, before it
 * holds every screen (web/sw.ts), so being in control does not say ready: its count does. Without a service worker (development,
 * tests, a browser without one) there is nothing to say.
 */
import { useSyncExternalStore } from 'react';

import type { Role } from '#schema/enums.ts';

import { PRECACHE_PROGRESS, type PrecacheProgress, progressAsked } from './offline-messages.ts';

export type OfflineReadiness =
  | { state: 'unavailable' }
  /** `fieldScreens`: the field screens' code is on the device already, so they open with no signal in this session. */
  | { state: 'preparing'; percent: number; fieldScreens: boolean }
  | { state: 'ready' };

const UNAVAILABLE: OfflineReadiness = { state: 'unavailable' };
const READY: OfflineReadiness = { state: 'ready' };

let readiness: OfflineReadiness = UNAVAILABLE;
let fieldScreens = false;
let role: Role | undefined;
const listeners = new Set<() => void>();
const set = (next: OfflineReadiness) => {
  readiness = next;
  listeners.forEach((l) => l());
};

const isProgress = (data: unknown): data is PrecacheProgress =>
  typeof data === 'object' && data !== null && (data as PrecacheProgress).type === PRECACHE_PROGRESS;

/** Starts following the service worker's install; call once at start-up, where the app registers it. */
export function followOfflineReadiness() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  // a page the worker controls already waits for its count, which says ready at once on a device that has it all
  if (!sw.controller) set({ state: 'preparing', percent: 0, fieldScreens });
  sw.addEventListener('message', (e: MessageEvent) => {
    if (readiness.state === 'ready' || !isProgress(e.data) || e.data.total === 0) return;
    const { stored, total } = e.data;
    set(
      stored >= total
        ? READY
        : { state: 'preparing', percent: Math.min(99, Math.floor((stored / total) * 100)), fieldScreens },
    );
  });
  askWorkers();
}

function askWorkers() {
  const sw = navigator.serviceWorker;
  if (!sw) return;
  // asking the active worker also keeps it storing the rest, which the browser may have stopped
  void sw.ready.then((r) => r.active?.postMessage(progressAsked(role)));
  // a page opened while the worker installs asks how far it got, instead of showing 0 until the next file lands
  void sw.getRegistration().then((r) => (r?.installing ?? r?.waiting)?.postMessage(progressAsked(role)));
}

/**
 * Tells the service worker whose device this is: it stores that role's screens first, and counts only those, so a
 * student's phone is ready without the desk's screens (web/sw.ts). Called once someone is signed in.
 */
export function offlineFor(signedIn: Role) {
  if (role === signedIn) return;
  role = signedIn;
  askWorkers();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The field screens' code has been fetched (web/features/shell/app-shell.tsx). */
export function fieldScreensFetched() {
  fieldScreens = true;
  if (readiness.state === 'preparing') set({ ...readiness, fieldScreens });
}

export const offlineReadiness = () => readiness;

export const useOfflineReadiness = () =>
  useSyncExternalStore(
    subscribe,
    () => readiness,
    () => UNAVAILABLE,
  );

/**
 * The browser's offer to install the app (Chromium's `beforeinstallprompt`), kept from the moment it fires, which can
 * be before any screen mounts, so the student's home can show "Install" only where the browser offers it.
 */
import { useSyncExternalStore } from 'react';

interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const DISMISSED = 'training-records:install-hint-dismissed';
let offer: InstallPromptEvent | null = null;
const listeners = new Set<() => void>();
const changed = () => listeners.forEach((l) => l());

/** Listens for the offer; call once at start-up. */
export function listenForInstallOffer() {
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault();
    offer = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    offer = null;
    changed();
  });
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};
const current = () => (localStorage.getItem(DISMISSED) ? null : offer);

/** The install offer while the browser makes one and the user has not said "Not now"; null otherwise. */
export function useInstallOffer() {
  const available = useSyncExternalStore(subscribe, current, () => null);
  return available
    ? {
        install: async () => {
          await available.prompt();
          await available.userChoice;
          offer = null;
          changed();
        },
        dismiss: () => {
          localStorage.setItem(DISMISSED, '1');
          changed();
        },
      }
    : null;
}

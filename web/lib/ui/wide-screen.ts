import { useSyncExternalStore } from 'react';

/** Tailwind's `lg`, where the desktop layout (the sidebar beside the page) begins. */
const WIDE = '(min-width: 64rem)';

const wideNow = () => window.matchMedia?.(WIDE).matches ?? true;

function subscribe(onChange: () => void) {
  const query = window.matchMedia?.(WIDE);
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}

/**
 * Whether the screen is as wide as a desktop's, following it as the window is resized. Parts only a desktop shows are
 * left out of a phone's page rather than drawn and hidden: a phone's first visit draws every element on a slow CPU.
 * Without media queries (a test's DOM) the screen counts as wide.
 */
export const useWideScreen = () => useSyncExternalStore(subscribe, wideNow);

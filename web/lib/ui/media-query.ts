import { useCallback, useSyncExternalStore } from 'react';

/**
 * Whether the screen matches a media query (`(min-width: 48rem)`), following it as the window is resized; `otherwise`
 * where there are no media queries (a test's DOM) and before the page is in a browser.
 */
export function useMediaQuery(query: string, otherwise: boolean): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia?.(query).matches ?? otherwise,
    () => otherwise,
  );
}

/**
 * Whether the screen is as wide as a desktop's (Tailwind's `lg`, where the sidebar stands beside the page). Parts only
 * a desktop shows are left out of a phone's page rather than drawn and hidden: a phone's first visit draws every
 * element on a slow CPU. Without media queries the screen counts as wide.
 */
export const useWideScreen = () => useMediaQuery('(min-width: 64rem)', true);

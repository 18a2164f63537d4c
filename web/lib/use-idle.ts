import { useEffect, useState } from 'react';

/** How long after the first render (or after `from`) parts outside the first view wait before the browser's idle. */
export const FIRST_VIEW_IDLE_MS = 4000;

/**
 * True a few seconds after the first render, once the browser is idle: parts of a screen nobody needs while it first
 * loads (header search, notification menu) render then, so their code stays out of the first download (bench:web)
 * and leaves the CPU to the screen itself on a slow phone. `now()` brings it forward when the user reaches for one.
 * With `from` false the wait has not started: it starts when `from` turns true.
 */
export function useIdle(delayMs = FIRST_VIEW_IDLE_MS, from = true): { idle: boolean; now: () => void } {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (!from) return;
    let handle: number | undefined;
    const timer = setTimeout(() => {
      if (typeof requestIdleCallback === 'function')
        handle = requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      else setIdle(true);
    }, delayMs);
    return () => {
      clearTimeout(timer);
      if (handle !== undefined) cancelIdleCallback(handle);
    };
  }, [delayMs, from]);
  return { idle, now: () => setIdle(true) };
}

import { useEffect, useState } from 'react';

/**
 * True once the browser has been idle after the first render: parts of a screen nobody needs in its first second
 * (header search, notification menu) render then, so their code is not part of the first download (bench:web).
 */
export function useIdle(timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof requestIdleCallback !== 'function') {
      const timer = setTimeout(() => setIdle(true), 200);
      return () => clearTimeout(timer);
    }
    const handle = requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
    return () => cancelIdleCallback(handle);
  }, [timeoutMs]);
  return idle;
}

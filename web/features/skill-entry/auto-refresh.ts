/** The tracker's auto-refresh: while on, a sync round (push and pull) every 30 s; off stops it. */
import { useEffect } from 'react';
import { useSync } from '../../lib/sync.tsx';

/** Spec section 9. */
export const AUTO_REFRESH_MS = 30_000;

export function useAutoRefresh(on: boolean) {
  const { engine } = useSync();
  useEffect(() => {
    if (!on) return;
    // a failed round is already shown by the sync indicator; nothing more to do with it here
    const timer = setInterval(() => void engine.sync().catch(() => undefined), AUTO_REFRESH_MS);
    return () => clearInterval(timer);
  }, [on, engine]);
}
